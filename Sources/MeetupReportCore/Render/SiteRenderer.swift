import Foundation

/// Renders the whole site into a folder: each page as Markdown (`.md`, kept for
/// readers and diffing) and as HTML (cmark, wrapped in the layout), plus the
/// stylesheet, the placeholder and the thumbnails.
public struct SiteRenderer: Sendable {
    public let templates: SiteTemplates

    public init(templates: SiteTemplates) {
        self.templates = templates
    }

    /// Writes the site into `directory`, which must be empty (the staging folder).
    /// Returns the number of pages written.
    @discardableResult
    public func render(_ input: SiteInput, into directory: URL) throws(RenderError) -> Int {
        let contexts = PageContexts(input: input)
        var pageCount = 0

        try write(page: "index", title: input.config.siteTitle, root: "",
                  markdown: templates.indexPage.render(contexts.index()), input: input, contexts: contexts, into: directory)
        pageCount += 1
        for entry in input.fetched.outcomes {
            let markdown = templates.queryPage.render(contexts.queryPage(entry.query, events: entry.outcome.events))
            try write(page: PageContexts.queryPagePath(entry.query), title: "\(entry.query.title) · \(input.config.siteTitle)",
                      root: "../", markdown: markdown, input: input, contexts: contexts, into: directory)
            pageCount += 1
        }

        try copy(templates.asset("style.css"), to: directory.appendingPathComponent("assets/style.css"))
        try copy(templates.asset("placeholder.svg"), to: directory.appendingPathComponent(PageContexts.placeholderPath))
        let shown = Set(input.fetched.distinctEvents.compactMap(\.displayPhotoURL))
        for (url, thumbnail) in input.thumbnails where shown.contains(url) {
            try link(thumbnail.file, to: directory.appendingPathComponent("thumbs/\(thumbnail.publishedName)"))
        }
        return pageCount
    }

    private func write(page path: String, title: String, root: String, markdown: String,
                       input: SiteInput, contexts: PageContexts, into directory: URL) throws(RenderError) {
        let body = ImageAttributes.annotate(CommonMark.html(from: markdown), root: root,
                                            thumbnails: input.thumbnails.values, placeholder: contexts.placeholderSize)
        let html = templates.layout.render([
            "pageTitle": title,
            "siteTitle": input.config.siteTitle,
            "root": root,
            "content": body,
            "generatedAt": contexts.formatting.generatedAt(input.generatedAt),
        ])
        try save(Data(markdown.utf8), to: directory.appendingPathComponent(path + ".md"))
        try save(Data(html.utf8), to: directory.appendingPathComponent(path + ".html"))
    }

    private func save(_ data: Data, to file: URL) throws(RenderError) {
        do {
            try FileOperations.createDirectory(file.deletingLastPathComponent())
            try data.write(to: file)
        } catch {
            throw .cannotWrite(file.path, error.localizedDescription)
        }
    }

    private func copy(_ source: URL, to destination: URL) throws(RenderError) {
        do {
            try FileOperations.createDirectory(destination.deletingLastPathComponent())
            try FileManager.default.copyItem(at: source, to: destination)
        } catch {
            throw .cannotWrite(destination.path, error.localizedDescription)
        }
    }

    /// Thumbnails are hard-linked from the cache when it shares the file system
    /// (no bytes copied), copied otherwise.
    private func link(_ source: URL, to destination: URL) throws(RenderError) {
        do {
            try FileOperations.createDirectory(destination.deletingLastPathComponent())
            if Foundation.link(source.path, destination.path) != 0 {
                try FileManager.default.copyItem(at: source, to: destination)
            }
        } catch {
            throw .cannotWrite(destination.path, error.localizedDescription)
        }
    }
}
