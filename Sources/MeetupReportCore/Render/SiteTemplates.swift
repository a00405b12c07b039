import Foundation
import Mustache

/// The templates of `Templates/`, parsed once per run.
public struct SiteTemplates: Sendable {
    public static let requiredFiles = ["layout.html.mustache", "index.md.mustache", "query.md.mustache", "style.css", "placeholder.svg"]

    public let directory: URL
    let layout: MustacheTemplate
    let indexPage: MustacheTemplate
    let queryPage: MustacheTemplate

    public init(directory: URL) throws(RenderError) {
        self.directory = directory
        for name in Self.requiredFiles where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
            throw .missingTemplate(directory.appendingPathComponent(name).path)
        }
        // The pragma `{{% CONTENT_TYPE: MARKDOWN}}` is resolved while parsing.
        MarkdownEscaping.registerContentType()
        layout = try Self.load("layout.html.mustache", in: directory)
        indexPage = try Self.load("index.md.mustache", in: directory)
        queryPage = try Self.load("query.md.mustache", in: directory)
    }

    private static func load(_ name: String, in directory: URL) throws(RenderError) -> MustacheTemplate {
        let file = directory.appendingPathComponent(name)
        do {
            return try MustacheTemplate(string: String(contentsOf: file, encoding: .utf8))
        } catch {
            throw .badTemplate(file.path, String(describing: error))
        }
    }

    public func asset(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

public enum RenderError: Error, Sendable, CustomStringConvertible {
    case missingTemplate(String)
    case badTemplate(String, String)
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .missingTemplate(let path): "template \(path) is missing (pass --templates with the folder that holds it)"
        case .badTemplate(let path, let reason): "template \(path) does not parse: \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
