import Testing

@testable import ReMVVMMiddleware

@Suite("SetAside")
struct SetAsideTests {
    @Test(
        "set-aside names carry the UTC time, leap days and century years included",
        arguments: [
            (0, "19700101T000000Z"),
            (951_782_400, "20000229T000000Z"),
            (951_868_799, "20000229T235959Z"),
            (4_107_542_400, "21000301T000000Z"),
            (-86_400, "19691231T000000Z"),
            (1_764_057_300, "20251125T075500Z"),
        ]
    )
    func timestamp(seconds: Int, expected: String) {
        #expect(SetAside.timestamp(seconds) == expected)
    }
}
