import Foundation

/// Which plural form a count takes, read from a catalogue's `Plural-Forms` header
/// (`nplurals=3; plural=(n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2);`): the rule
/// travels with its language's file, so adding a language is adding a file. The shipped
/// files carry CLDR's rules in gettext's notation (Unicode's own conversion, as Weblate and
/// Poedit write them).
///
/// gettext's notation is C's integer expressions over `n`; this reads exactly those
/// (`?:`, `||`, `&&`, comparisons, `+ - * / %`, parentheses, integers). No library for it is
/// among the package's dependencies, and it is about a hundred lines.
package struct PluralRule: Sendable, Hashable {
    package let forms: Int
    private let expression: Node

    /// English's rule: the fallback of a catalogue without the header.
    package static let english = PluralRule(forms: 2, expression: .binary("!=", .n, .number(1)))

    private init(forms: Int, expression: Node) {
        self.forms = forms
        self.expression = expression
    }

    /// Reads the header's value; nil when it is not gettext's notation.
    package init?(header: String) {
        var forms: Int?
        var expression: Node?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "nplurals": forms = Int(pair[1])
            case "plural":
                var parser = Parser(text: pair[1])
                expression = parser.parse()
            default: continue
            }
        }
        guard let forms, forms >= 1, let expression else { return nil }
        self.init(forms: forms, expression: expression)
    }

    /// The form's index for `count`, within `0..<forms`.
    package func form(for count: Int) -> Int {
        let form = expression.value(n: count)
        return (0..<forms).contains(form) ? form : forms - 1
    }

    indirect enum Node: Sendable, Hashable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)

        func value(n count: Int) -> Int {
            switch self {
            case .n: return count
            case .number(let value): return value
            case .not(let node): return node.value(n: count) == 0 ? 1 : 0
            case .choice(let condition, let then, let otherwise):
                return condition.value(n: count) != 0 ? then.value(n: count) : otherwise.value(n: count)
            case .binary(let op, let left, let right):
                let a = left.value(n: count)
                let b = right.value(n: count)
                switch op {
                case "||": return a != 0 || b != 0 ? 1 : 0
                case "&&": return a != 0 && b != 0 ? 1 : 0
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "+": return a &+ b
                case "-": return a &- b
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                default: return b == 0 ? 0 : a % b
                }
            }
        }
    }

    /// Precedence climbing over C's levels, lowest first.
    private struct Parser {
        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]
        private let characters: [Character]
        private var position = 0

        init(text: String) { characters = Array(text) }

        /// The whole text as one expression; nil on anything else.
        mutating func parse() -> Node? {
            guard let node = choice() else { return nil }
            skipSpaces()
            return position == characters.count ? node : nil
        }

        private mutating func choice() -> Node? {
            guard let condition = binary(level: 0) else { return nil }
            guard consume("?") else { return condition }
            guard let then = choice(), consume(":"), let otherwise = choice() else { return nil }
            return .choice(condition, then, otherwise)
        }

        private mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { consume($0) }) {
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Node? {
            if consume("!") { return unary().map(Node.not) }
            if consume("(") {
                guard let inner = choice(), consume(")") else { return nil }
                return inner
            }
            if consume("n") { return .n }
            skipSpaces()
            var digits = ""
            while position < characters.count, characters[position].isASCII, characters[position].isNumber {
                digits.append(characters[position])
                position += 1
            }
            return Int(digits).map(Node.number)
        }

        /// Consumes `token` after spaces; "!" is not the start of "!=", nor "<" of "<=".
        private mutating func consume(_ token: String) -> Bool {
            skipSpaces()
            let end = position + token.count
            guard end <= characters.count, String(characters[position..<end]) == token else { return false }
            if ["!", "<", ">"].contains(token), end < characters.count, characters[end] == "=" { return false }
            position = end
            return true
        }

        private mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }
    }
}
