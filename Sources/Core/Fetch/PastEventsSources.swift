import Foundation
import MeetupModel
import MeetupNetwork
import MeetupSupport

extension MeetupAPISource: PastEventsSource {
    package func pastEvents(
        _ request: PastEventsRequest, of query: EventQuery, number: Int,
        completion: @escaping @Sendable (Result<PastEventsPage, FetchError>) -> Void
    ) {
        let recorder = self.recorder
        let redactor = self.redactor
        authorizedPOST(
            request.body, query: query, page: number, cost: request.cost,
            completion: { outcome in
                if case .failed(let error) = outcome { completion(.failure(error)) }
            },
            onData: { data in
                do throws(PageMappingError) {
                    let page = try PastEventsPage.mapping(data, for: request)
                    recorder?.recordBackfill(data, for: query.id, number: number)
                    completion(.success(page))
                } catch {
                    completion(.failure(FetchError(error, query: query.id, page: number, redactor: redactor)))
                }
            })
    }
}

extension SnapshotSource: PastEventsSource {
    /// The recorded answer to the same request; none recorded means nothing more to read.
    package func pastEvents(
        _ request: PastEventsRequest, of query: EventQuery, number: Int,
        completion: @escaping @Sendable (Result<PastEventsPage, FetchError>) -> Void
    ) {
        let file = layout.backfillFile(for: query.id, number: number)
        DispatchQueue.global().async {
            guard let data = try? Data(contentsOf: file) else {
                return completion(.success(PastEventsPage(events: [])))
            }
            do throws(PageMappingError) {
                completion(.success(try PastEventsPage.mapping(data, for: request)))
            } catch {
                completion(.failure(FetchError(error, query: query.id, page: number)))
            }
        }
    }
}
