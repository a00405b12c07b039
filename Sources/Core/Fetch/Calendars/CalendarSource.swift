import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import MeetupModel
import MeetupNetwork
import MeetupSupport

/// Other calendars (config `calendars`) beside Meetup's queries: a feed by URL goes through
/// the run's transport (timeouts, size cap, address policy, retries) with a conditional
/// request, its last body kept in the cache (`calendars/<id>.ics`) so an unchanged feed
/// costs a 304; a file is read with the same size cap. Every other query goes to `meetup`.
package struct CalendarSource: EventSource {
    let meetup: any EventSource
    /// Nil when no request can be sent (a snapshot run whose calendars are all files).
    let transport: HTTPTransport?
    let cacheDirectory: URL
    let scratchDirectory: URL
    let timeZone: TimeZone
    let maxBytes: Int
    /// The run's deadline (`limits.runTimeout`): reading a feed gets the time left, at most
    /// `CalendarParser.documentSeconds`.
    let deadline: ContinuousClock.Instant
    let onWarning: @Sendable (String) -> Void

    package init(
        meetup: any EventSource, transport: HTTPTransport?, cacheDirectory: URL, scratchDirectory: URL,
        timeZone: TimeZone, maxBytes: Int, deadline: ContinuousClock.Instant,
        onWarning: @escaping @Sendable (String) -> Void
    ) {
        self.meetup = meetup
        self.transport = transport
        self.cacheDirectory = CacheFolder.calendars(cacheDirectory)
        self.scratchDirectory = scratchDirectory
        self.timeZone = timeZone
        self.maxBytes = maxBytes
        self.deadline = deadline
        self.onWarning = onWarning
    }

    package func fetchFinished() {
        meetup.fetchFinished()
    }

    package func fetchEvents(
        for query: EventQuery, window: DateInterval, completion: @escaping @Sendable (QueryOutcome) -> Void
    ) {
        fetchEventsAndGroups(for: query, window: window) { outcome, _ in completion(outcome) }
    }

    package func fetchEventsAndGroups(
        for query: EventQuery, window: DateInterval,
        completion: @escaping @Sendable (QueryOutcome, [GroupActivity]?) -> Void
    ) {
        if case .groupFeeds(let feeds) = query.kind {
            return fetchGroupFeeds(feeds, query: query, window: window, completion: completion)
        }
        guard let feed = query.calendarFeed else {
            return meetup.fetchEventsAndGroups(for: query, window: window, completion: completion)
        }
        let finish: @Sendable (Result<Data, FetchError>) -> Void = { [self] result in
            // Parsing a large feed takes a moment: never on the transport's delegate queue.
            DispatchQueue.global().async {
                do throws(FetchError) {
                    let data = try result.get()
                    let left = (deadline - ContinuousClock.now).seconds
                    guard left > 0 else {
                        throw FetchError.calendar(query: query.id, reason: "the run timed out (limits.runTimeout)")
                    }
                    let parsed = try CalendarParser.parse(
                        data, calendar: query, window: window, timeZone: timeZone, seconds: left)
                    parsed.warnings.forEach { onWarning("calendar \(query.id): \($0)") }
                    completion(.succeeded(events: parsed.events), nil)
                } catch {
                    completion(.failed(error), nil)
                }
            }
        }
        switch feed {
        case .file(let file): finish(Self.readFile(file, query: query, maxBytes: maxBytes))
        case .url(let url):
            download(url, query: query, cacheName: query.id) { result in
                finish(result.mapError { $0.fetchError(query: query, url: url) })
            }
        }
    }

    /// A calendar's file, refused before it is opened when it is not a regular file (a FIFO
    /// would block the run, a device never ends) or is over the size cap.
    static func readFile(_ file: URL, query: EventQuery, maxBytes: Int) -> Result<Data, FetchError> {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            let type = attributes[.type] as? FileAttributeType
            guard type == nil || type == .typeRegular else {
                return .failure(
                    .calendar(
                        query: query.id,
                        reason: "\(file.path) is \(describe(type)), not a regular file: "
                            + "calendars[].file takes an .ics file"))
            }
            let size = (attributes[.size] as? Int) ?? 0
            guard size <= maxBytes else {
                return .failure(
                    .calendar(
                        query: query.id,
                        reason: "\(file.path) is \(size) bytes, more than limits.maxResponseBytes (\(maxBytes))"))
            }
            return .success(try Data(contentsOf: file))
        } catch {
            return .failure(
                .calendar(
                    query: query.id, reason: "cannot read \(file.path): \((error as NSError).localizedDescription)"))
        }
    }

    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeDirectory?: "a folder"
        case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
        case .typeSocket?: "a socket"
        case .typeSymbolicLink?: "a broken link"
        default: "a named pipe (FIFO)"
        }
    }

    /// Why a feed could not be read: the transport's verdict, or what went wrong around it.
    enum FeedFailure: Error, Sendable {
        case transport(TransportFailure)
        case other(String)

        func fetchError(query: EventQuery, url: URL) -> FetchError {
            switch self {
            case .transport(let failure):
                .calendar(query: query.id, reason: "\(url.host ?? url.absoluteString): \(failure.description)")
            case .other(let reason): .calendar(query: query.id, reason: reason)
            }
        }
    }

    /// A feed by URL, conditionally: its last body and validators are kept as `<cacheName>.ics`
    /// and `<cacheName>.validators.json` in the cache's calendars folder.
    func download(
        _ url: URL, query: EventQuery, cacheName: String,
        completion: @escaping @Sendable (Result<Data, FeedFailure>) -> Void
    ) {
        guard let transport else {
            return completion(.failure(.other("no network in this run")))
        }
        let body = cacheDirectory.appendingPathComponent("\(cacheName).ics")
        let validators = cacheDirectory.appendingPathComponent("\(cacheName).validators.json")
        var request = URLRequest(url: url)
        request.setValue("text/calendar, */*;q=0.5", forHTTPHeaderField: "Accept")
        if FileManager.default.fileExists(atPath: body.path),
            let saved = try? JSONValue.parse(Data(contentsOf: validators))
        {
            if let etag = saved["etag"]?.stringValue { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let modified = saved["lastModified"]?.stringValue {
                request.setValue(modified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
        let conditional =
            request.value(forHTTPHeaderField: "If-None-Match") != nil
            || request.value(forHTTPHeaderField: "If-Modified-Since") != nil
        try? FileOperations.createDirectory(scratchDirectory)
        transport.download(request, maxBytes: maxBytes, into: scratchDirectory) { [cacheDirectory] result in
            switch result {
            case .failure(let failure):
                completion(.failure(.transport(failure)))
            case .success(let download) where download.status == 304 && conditional:
                completion(Result { try Data(contentsOf: body) }.mapError { _ in .other("its cached copy is gone") })
            case .success(let download):
                guard let file = download.file, let data = try? Data(contentsOf: file) else {
                    return completion(
                        .failure(.other("\(url.host ?? ""): an empty answer (HTTP \(download.status))")))
                }
                try? FileManager.default.removeItem(at: file)
                // Only a whole calendar replaces the last good copy (and its validators).
                if let problem = CalendarDocument.problem(with: data) {
                    return completion(.failure(.other("\(url.host ?? url.absoluteString): \(problem)")))
                }
                Self.keep(data, headers: download.headers, body: body, validators: validators, in: cacheDirectory)
                completion(.success(data))
            }
        }
    }

    /// The body and its validators for tomorrow's conditional request; a cache that cannot be
    /// written only costs a full download next time.
    private static func keep(_ data: Data, headers: [String: String], body: URL, validators: URL, in directory: URL) {
        var saved: [String: JSONValue] = [:]
        if let etag = headers["etag"] { saved["etag"] = .string(etag) }
        if let modified = headers["last-modified"] { saved["lastModified"] = .string(modified) }
        try? FileOperations.createDirectory(directory)
        try? FileOperations.writeAtomically(data, to: body)
        try? FileOperations.writeAtomically(Data(JSONValue.object(saved).compactJSON.utf8), to: validators)
    }
}
