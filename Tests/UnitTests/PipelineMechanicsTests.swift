import Foundation
@testable import MeetupConfig
@testable import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPhotos
@testable import MeetupPipeline
@testable import MeetupRender
@testable import MeetupReportTestSupport
@testable import MeetupSupport
import Testing

/// The machinery under every run that had no test of its own (issue 18): the step
/// runner's abort rules, the bounded queue, the photo pipeline with stand-in loaders,
/// the retry delays, and the mail encodings. Synchronised by events, never by sleeping.
@Suite("Pipeline mechanics")
struct PipelineMechanicsTests {
    // MARK: StepRunner

    /// A step that records that it ran, whether the run was aborted then, and may abort.
    struct ProbeStep: RunStep {
        let name: String
        var aborts: String?
        var runsAfterAbort = false
        let log: LockedBox<[String]>

        func run(_ context: inout RunContext, in environment: RunEnvironment) throws(RunAbort) {
            log.withLock { $0.append(name + (context.isAborted ? " (after abort)" : "")) }
            if let aborts { throw RunAbort(reason: aborts) }
        }
    }

    /// An environment for steps that use none of it: a snapshot config in a temp folder.
    static func environment(in folder: TemporaryDirectory) throws -> RunEnvironment {
        let config = ReportConfig(
            siteTitle: "T", baseURL: URL(string: "https://example.org/")!, timeZone: TimeZone(identifier: "UTC")!,
            source: .snapshot(directory: folder.path("snapshot")),
            queries: [EventQuery(id: "q", keyword: "k", latitude: 0, longitude: 0)],
            outputDirectory: folder.path("Output"), cacheDirectory: folder.path("cache"))
        let run = ReportRun(
            config: config, templatesDirectory: Fixtures.templates,
            options: RunOptions(now: Date(timeIntervalSince1970: 0)))
        return try run.makeEnvironment(observer: SilentObserver(), redactor: SecretRedactor())
    }

    @Test func theFirstAbortSkipsTheRestButTheStepsThatMustRunAndKeepsItsReason() throws {
        let folder = try TemporaryDirectory()
        let log = LockedBox([String]())
        let steps: [any RunStep] = [
            ProbeStep(name: "fetch", log: log),
            ProbeStep(name: "render", aborts: "disk full", log: log),
            ProbeStep(name: "publish", log: log),
            ProbeStep(name: "finishRecording", runsAfterAbort: true, log: log),
            ProbeStep(name: "recordHistory", aborts: "history locked", runsAfterAbort: true, log: log),
        ]
        var context = RunContext()
        StepRunner(steps: steps).run(&context, in: try Self.environment(in: folder))
        #expect(
            log.withLock { $0 } == ["fetch", "render", "finishRecording (after abort)", "recordHistory (after abort)"])
        #expect(context.summary.abortReason == "disk full", "the first reason is kept")
        #expect(
            Set(context.summary.stageSeconds.keys) == ["fetch", "render"],
            "steps after an abort are not timed as stages")
    }

    // MARK: BoundedWork

    @Test func boundedWorkRunsAtMostItsLimitInSubmissionOrder() {
        let work = BoundedWork(limit: 2)
        let started = LockedBox([Int]())
        let release = LockedBox([Int: @Sendable () -> Void]())
        let starts = DispatchSemaphore(value: 0)
        for job in 0..<6 {
            work.enqueue { done in
                started.withLock { $0.append(job) }
                release.withLock { $0[job] = done }
                starts.signal()
            }
        }
        starts.wait(); starts.wait()
        #expect(started.withLock { $0 } == [0, 1], "two at once, the first two")
        #expect(starts.wait(timeout: .now() + 0.2) == .timedOut, "a third waits for a slot")
        for job in 0..<6 {
            guard let done = release.withLock({ $0[job] }) else { Issue.record("job \(job) never started"); return }
            done()
            if job + 2 < 6 { starts.wait() }
            #expect(started.withLock { $0.count } <= job + 3, "never more than two running")
        }
        #expect(started.withLock { $0 } == Array(0..<6))
    }

    // MARK: PhotoPipeline with stand-in loaders

    /// Serves a real image for every URL but `failing`, and counts what it was asked.
    final class StandInFetcher: PhotoFetching {
        let image: Data
        let failing: URL
        let asked = LockedBox([URL: Int]())
        let validated = LockedBox(0)

        init(image: Data, failing: URL) {
            self.image = image
            self.failing = failing
        }

        func fetch(
            _ url: URL, validators: PhotoValidators?, into directory: URL,
            completion: @escaping @Sendable (PhotoFetchResult) -> Void
        ) {
            asked.withLock { $0[url, default: 0] += 1 }
            if url == failing { return completion(.failed(reason: "HTTP 404")) }
            if validators != nil {
                validated.withLock { $0 += 1 }
                return completion(.notModified(overNetwork: true, freshFor: 3600))
            }
            let file = directory.appendingPathComponent(UUID().uuidString)
            do {
                try image.write(to: file)
                completion(
                    .downloaded(
                        file: file, byteCount: image.count, validators: PhotoValidators(etag: "\"1\""), freshFor: 3600))
            } catch {
                completion(.failed(reason: "\(error)"))
            }
        }
    }

    /// Writes a one-byte "thumbnail" and says how big it is; counts its calls.
    final class StandInThumbnailer: Thumbnailing {
        let made = LockedBox(0)
        var identity: String { "stand-in-1" }
        func makeThumbnail(of source: URL, width: Int, to destination: URL) throws(ThumbnailError) -> PixelSize {
            made.withLock { $0 += 1 }
            guard FileManager.default.createFile(atPath: destination.path, contents: Data([1])) else {
                throw ThumbnailError(reason: "cannot write \(destination.path)")
            }
            return PixelSize(width: width, height: width / 2)
        }
    }

    @Test func eachPhotoIsLoadedOnceThumbnailedOnceAndFreshByTheWallClock() throws {
        let folder = try TemporaryDirectory()
        let (a, b, gone) = (
            URL(string: "https://photos.example/a.jpg")!, URL(string: "https://photos.example/b.jpg")!,
            URL(string: "https://photos.example/gone.jpg")!
        )
        func event(_ id: String, _ photo: URL) -> Event {
            Event(
                id: id, title: id, start: ZonedDate(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0),
                groupPhotoURL: photo)
        }
        let fetcher = StandInFetcher(image: try Fixtures.data("photos/group-a.jpg"), failing: gone)
        let thumbnailer = StandInThumbnailer()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func pipeline(at moment: Date) -> PhotoPipeline {
            PhotoPipeline(
                cache: PhotoCache(directory: folder.path("cache")), fetcher: fetcher, thumbnailer: thumbnailer,
                settings: .init(thumbnailWidth: 100, concurrency: 2), clock: { moment })
        }
        let first = pipeline(at: start)
        first.submit([event("1", a), event("2", b), event("3", a)])
        first.submit([event("4", b), event("5", gone)])
        let photos = first.finish()
        #expect(fetcher.asked.withLock { $0 } == [a: 1, b: 1, gone: 1], "each distinct URL once, across submissions")
        #expect(photos.statistics.downloaded == 2 && photos.statistics.failed == 1)
        // Each photo at 1x and 2x (the stand-in makes any width asked for): two photos thumbnailed.
        #expect(Set(photos.thumbnails.keys) == [a, b] && thumbnailer.made.withLock { $0 } == 4)
        #expect(photos.statistics.thumbnailsMade == 2 && photos.thumbnails[a]?.double?.size.width == 200)
        #expect(photos.thumbnails[a]?.size == PixelSize(width: 100, height: 50))

        // Ten minutes later by the wall clock: fresh, no request, no new thumbnail.
        let soon = pipeline(at: start.addingTimeInterval(600))
        soon.submit([event("1", a), event("2", b)])
        let cached = soon.finish()
        #expect(cached.statistics.fromCache == 2 && fetcher.asked.withLock { $0[a] } == 1)
        #expect(thumbnailer.made.withLock { $0 } == 4)

        // Two hours later: stale, so revalidated with its validators (304), still no new thumbnail.
        let later = pipeline(at: start.addingTimeInterval(7200))
        later.submit([event("1", a)])
        #expect(later.finish().statistics.revalidated == 1)
        #expect(fetcher.validated.withLock { $0 } == 1 && thumbnailer.made.withLock { $0 } == 4)
    }

    // MARK: RetryPolicy

    @Test func retryDelaysStayWithinTheirJitterBoundsAndTheCap() {
        var limits = NetworkLimits()
        limits.retries = 4
        limits.retryBaseDelay = 0.5
        limits.retryMaxDelay = 3
        let policy = RetryPolicy(limits: limits)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for attempt in 1...4 {
            let exponential = min(3, 0.5 * pow(2, Double(attempt - 1)))
            for random in [-1.0, 0, 0.25, 0.5, 0.999, 1, 7] {
                let delay = policy.delay(beforeRetry: attempt, retryAfter: nil, now: now, random: random) ?? -1
                #expect(
                    delay >= exponential / 2 && delay <= exponential, "attempt \(attempt), random \(random): \(delay)")
            }
            #expect(policy.delay(beforeRetry: attempt, retryAfter: nil, now: now, random: 0) == exponential / 2)
            #expect(policy.delay(beforeRetry: attempt, retryAfter: nil, now: now, random: 1) == exponential)
        }
        #expect(policy.delay(beforeRetry: 5, retryAfter: nil, now: now, random: 0.5) == nil, "retries used up")
        #expect(policy.delay(beforeRetry: 1, retryAfter: "2", now: now, random: 0.9) == 2, "Retry-After wins")
        #expect(policy.delay(beforeRetry: 1, retryAfter: "3600", now: now, random: 0.9) == 3, "capped")
        #expect(
            policy.delay(beforeRetry: 1, retryAfter: "Fri, 15 Jan 2027 08:00:02 GMT", now: now, random: 0) == 2,
            "an HTTP date two seconds ahead")
        #expect(
            policy.delay(beforeRetry: 1, retryAfter: "Thu, 01 Jan 1970 00:00:00 GMT", now: now, random: 0) == 0,
            "a date in the past")
    }

    // MARK: Quoted-printable and RFC 2047

    /// RFC 2045 §6.7 decoding, for checking the encoder against.
    static func decodeQuotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let lines = text.components(separatedBy: "\r\n")
        for (index, line) in lines.enumerated() {
            var chars = Array(line.utf8)[...]
            let soft = chars.last == UInt8(ascii: "=")
            if soft { chars = chars.dropLast() }
            var position = chars.startIndex
            while position < chars.endIndex {
                if chars[position] == UInt8(ascii: "="), position + 2 < chars.endIndex,
                    let value = UInt8(
                        String(decoding: chars[(position + 1)...(position + 2)], as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                    position += 3
                } else {
                    bytes.append(chars[position])
                    position += 1
                }
            }
            if !soft && index < lines.count - 1 { bytes += Array("\n".utf8) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func quotedPrintableKeepsLinesShortAndDecodesBackExactly() {
        let cases = [
            String(repeating: "a", count: 76), String(repeating: "a", count: 75) + "=", "trailing space ", "tab\t",
            String(repeating: "é", count: 60), "x = y\nnext line\r\nwindows line", String(repeating: "東京 ", count: 40),
            "",
        ]
        for text in cases {
            let encoded = DigestEmail.quotedPrintable(text)
            for line in encoded.components(separatedBy: "\r\n") {
                #expect(line.utf8.count <= 76, "\(line.utf8.count): \(line)")
                #expect(
                    !line.hasSuffix(" ") && !line.hasSuffix("\t"), "no trailing white space survives transport: \(line)"
                )
            }
            #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(Self.decodeQuotedPrintable(encoded) == text.replacingOccurrences(of: "\r\n", with: "\n"), "\(text)")
        }
    }

    @Test func encodedWordsStayShortSplitBetweenCharactersAndDecodeBack() throws {
        #expect(DigestEmail.encodedWord("plain ASCII subject") == "plain ASCII subject")
        for text in ["Café", String(repeating: "Zoë 東京 🎉 ", count: 12), "👩‍💻" + String(repeating: "x", count: 44) + "👩‍💻"] {
            let words = DigestEmail.encodedWord(text).components(separatedBy: "\r\n ")
            var decoded = ""
            for word in words {
                #expect(word.count <= 75, "RFC 2047 §2: \(word.count)")
                #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
                let payload = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
                let piece = try #require(
                    String(data: payload, encoding: .utf8), "each word is whole UTF-8: no character split")
                decoded += piece
            }
            #expect(decoded == text)
        }
    }
}
