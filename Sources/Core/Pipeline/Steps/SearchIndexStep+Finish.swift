import Foundation
import MeetupModel
import MeetupRender
import MeetupSupport

/// The search index started before the render, waited for before the publish and completed:
/// tonight's list of shards, last night's others gone. A failed shard publishes the site
/// without search. After an abort too: a night that will not publish waits for the Pagefinds
/// still running, so that none writes into a staging folder being removed.
extension SearchIndexStep {
    var beside: BesideWork? { BesideWork(name: name, until: PublishStep().name) }

    func finishBeside(_ context: inout RunContext, in environment: RunEnvironment) {
        guard let started = context.search else { return }
        context.search = nil
        // The search figure is the time spent beside the render: deciding and linking, then indexing.
        let (outcome, deciding) = started.wait()
        guard case .indexing(let jobs, let shards, let inputs) = outcome else {
            // `.unchanged` or `.unavailable`: nothing was started.
            context.summary.stageSeconds[name] = deciding
            return
        }
        // One after the other: a late job (shards that could not be linked) starts nothing before it is finished.
        var failure: String?
        for job in jobs {
            let problem = job.finish(abandoning: context.isAborted || failure != nil, texts: context.plainDescriptions)
            failure = failure ?? problem
        }
        context.summary.stageSeconds[name] = deciding + jobs.map(\.seconds).reduce(0, +)
        guard !context.isAborted, let staging = context.staging else { return }
        let folder = Self.folder
        if let failure {
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(folder))
            environment.observer.warning("search: \(failure); published without search")
            return
        }
        // What last night's kept tree holds beyond tonight's shards (a shard gone, an old file).
        let keep = Set(
            shards + ["shards.json", "pagefind-ui.js", "pagefind-ui.css", Self.inputsName])
        let root = staging.appendingPathComponent(folder).path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where !keep.contains(name) {
            FileTree.clear(root + "/" + name)
        }
        publishShardList(shards, staging: staging, published: environment.publisher.outputDirectory)
        try? FileOperations.writeAtomically(
            Data(inputs.utf8),
            to: staging.appendingPathComponent("\(folder)/\(Self.inputsName)"))
    }

    /// `pagefind/shards.json` (the shards the page's search merges) and Pagefind's UI script
    /// and styles, the same in every shard, once at `pagefind/` (where the layout loads them);
    /// each the published file itself when its bytes are the same.
    private func publishShardList(_ names: [String], staging: URL, published: URL) {
        let folder = Self.folder
        let list = Data((JSONValue.array(names.map(JSONValue.string)).compactJSON + "\n").utf8)
        var files: [(name: String, bytes: Data?)] = [("shards.json", list)]
        if let first = names.first {
            for asset in ["pagefind-ui.js", "pagefind-ui.css"] {
                files.append(
                    (asset, try? Data(contentsOf: staging.appendingPathComponent("\(folder)/\(first)/\(asset)"))))
            }
        }
        for (name, bytes) in files {
            guard let bytes else { continue }
            let target = staging.appendingPathComponent("\(folder)/\(name)")
            let old = published.appendingPathComponent("\(folder)/\(name)")
            if (try? Data(contentsOf: old)) == bytes, FileTree.link(old.path, replacing: target.path) { continue }
            try? FileOperations.writeAtomically(bytes, to: target)
        }
    }
}
