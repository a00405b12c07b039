import Testing
@testable import MeetupReportCore

@Test func placeholder() { #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") }
