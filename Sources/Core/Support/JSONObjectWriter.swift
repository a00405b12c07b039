/// An object written member by member straight into bytes: the same bytes as the `.object`
/// of those members would be, at the same level, without a dictionary of values made, its
/// keys sorted and looked up again for each object. For files of many small objects, such as
/// `archive.json`: built as `JSONValue`s, W2's 10,000 archived events took about 150 samples of
/// a night's render (perf, 1 kHz); written this way, about 105, 40 of them formatting dates.
///
/// Members must be added in sorted key order, as `JSONValue` writes them.
package struct JSONObjectWriter {
    package private(set) var output: [UInt8]
    private let indent: Int?
    private var count = 0
    private var lastKey = ""

    /// An object at `indent` (nil: compactly), its first line not padded, as
    /// `JSONValue.serialized(indent:)` writes one.
    package static func write(indent: Int?, capacity: Int = 512, _ members: (inout JSONObjectWriter) -> Void)
        -> [UInt8]
    {
        var writer = JSONObjectWriter(output: [], indent: indent)
        writer.output.reserveCapacity(capacity)
        members(&writer)
        writer.close()
        return writer.output
    }

    private init(output: [UInt8], indent: Int?) {
        self.output = output
        self.indent = indent
    }

    private var inner: Int? { indent.map { $0 + 2 } }

    private mutating func key(_ name: String) {
        assert(count == 0 || lastKey < name, "members out of order: \(lastKey), then \(name)")
        lastKey = name
        output.append(count == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
        count += 1
        JSONValue.newline(&output, indent)
        JSONValue.pad(&output, inner)
        JSONValue.writeString(name, into: &output)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(0x20) }
    }

    private mutating func close() {
        guard count > 0 else { return output.append(contentsOf: "{}".utf8) }
        JSONValue.newline(&output, indent)
        JSONValue.pad(&output, indent)
        output.append(UInt8(ascii: "}"))
    }

    package mutating func add(_ name: String, _ text: String) {
        key(name)
        JSONValue.writeString(text, into: &output)
    }

    package mutating func add(_ name: String, _ flag: Bool) {
        key(name)
        output.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    /// A whole number, as `JSONValue.number` writes one.
    package mutating func add(_ name: String, _ number: Int) {
        key(name)
        output.append(contentsOf: String(number).utf8)
    }

    package mutating func add(_ name: String, _ texts: [String]) {
        key(name)
        JSONValue.writeArray(texts, into: &output, indent: inner) { text, output, _ in
            JSONValue.writeString(text, into: &output)
        }
    }

    /// An object as the member, written by `members`.
    package mutating func add(_ name: String, object members: (inout JSONObjectWriter) -> Void) {
        key(name)
        var nested = JSONObjectWriter(output: [], indent: inner)
        swap(&nested.output, &output)
        members(&nested)
        nested.close()
        swap(&nested.output, &output)
    }
}
