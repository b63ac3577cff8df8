// Sources/RongPeer/Model/PeerFixture+Demo.swift - the fixture used when none is given

extension PeerFixture {
    /// The text of `tools/peer/fixture.yaml` (a test keeps the two equal): four users
    /// (`alice`, `bob`, `carol`, `dave` with tokens `NAME-token`), a banned `mallory`, the group
    /// `team`, the chatroom `lobby` and the ultragroup `guild`; App Key `rongwire-demo`.
    public static let demoYAML = """
        # Example fixture for `rongwire peer` (format: spec/peer.md, "Fixture").
        # This is also the fixture the peer uses when started without --fixture.
        app:
          appKey: rongwire-demo        # the appId clients put in the URL; omit to accept any
          profile: current             # current (seed 000) | legacy2021 (seed 001): what NONE means
          multiDeviceSync: true        # own messages reach the user's other devices
          kick: kickOlder              # kickOlder | rejectNewer: a second login of one platform class
          recall: anyone               # anyone | senderOnly
          offlineRetention: 7d
          historyRetention: 180d
          unknownUsers: refuse         # refuse | accept: private messages to ids not listed under users
          sendRate: 0                  # messages per second per connection (the service allows 5); 0: no limit
        users:
          - {id: alice, name: Alice, token: alice-token}
          - {id: bob, name: Bob, token: bob-token, expiredTokens: [bob-expired-token]}
          - {id: carol, name: Carol, token: carol-token}
          - {id: dave, name: Dave, token: dave-token}
          - {id: mallory, name: Mallory, token: mallory-token, blocked: true}
        groups:
          - {id: team, members: [alice, bob, carol]}
        chatrooms:
          - lobby
        ultragroups:
          - {id: guild, members: [alice, bob, carol]}
        """

    /// The demo fixture (``demoYAML``), loaded once: every scenario without a fixture of its own
    /// starts from it.
    public static var demo: PeerFixture { loadedDemo }

    // The text is a constant checked by a test, so loading cannot fail.
    private static let loadedDemo = try! PeerFixture.load(yaml: demoYAML, file: "demo fixture")
}
