import Foundation
import MeetupModel
@testable import MeetupNetwork
@testable import MeetupPipeline
import MeetupRender
@testable import MeetupReportTestSupport
import Testing

/// `AddressPolicy`: which addresses count as private.
@Suite("Address policy")
struct AddressPolicyTests {
    @Test(arguments: [
        ("100.64.0.1", true), ("100.127.255.254", true), ("100.128.0.1", false), ("100.63.255.255", false),
        ("::ffff:10.0.0.1", true), ("::ffff:127.0.0.1", true), ("::ffff:100.64.1.1", true), ("::ffff:8.8.8.8", false),
        ("169.254.169.254", true), ("fe80::1", true), ("fd00::1", true), ("2001:4860:4860::8888", false),
        ("93.184.216.34", false),
    ])
    func privateRangesIncludeCarrierGradeNATAndMappedAddresses(address: String, isPrivate: Bool) {
        #expect(AddressPolicy.isPrivate(address: address) == isPrivate)
        let policy = AddressPolicy(allowsPrivateAddresses: false)
        let host = address.contains(":") ? "[\(address)]" : address
        let refusal = policy.refusal(for: URL(string: "https://\(host)/photo.jpg")!)
        #expect((refusal != nil) == isPrivate, "\(address): \(refusal ?? "allowed")")
    }
}
