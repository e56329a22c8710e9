/// The webhook payload: one flat form of 20 fields, as Twilio posts an incoming SMS — the
/// small form a server decodes most often. Its size is fixed (`PayloadKind.fixedLeaves`).
struct WebhookPayload: Codable, Equatable, Sendable {
    let ToCountry: String
    let ToState: String
    let SmsMessageSid: String
    let NumMedia: Int
    let ToCity: String
    let FromZip: String
    let SmsSid: String
    let FromState: String
    let SmsStatus: String
    let FromCity: String
    let Body: String
    let FromCountry: String
    let To: String
    let ToZip: String
    let NumSegments: Int
    let MessageSid: String
    let AccountSid: String
    let From: String
    let ApiVersion: String
    let MessagingServiceSid: String

    /// The fields it has.
    static let leaves = 20

    /// The one webhook.
    static let sample = WebhookPayload(
        ToCountry: "US", ToState: "CA", SmsMessageSid: "SM5f2e8a7c9b1d4e6f8a0b2c4d6e8f0a1b", NumMedia: 0,
        ToCity: "SAN FRANCISCO", FromZip: "94105", SmsSid: "SM5f2e8a7c9b1d4e6f8a0b2c4d6e8f0a1b", FromState: "CA",
        SmsStatus: "received", FromCity: "SAN FRANCISCO", Body: "Hi! Can we move the 5:30pm meeting to 6? Thanks & see you :)",
        FromCountry: "US", To: "+15005550006", ToZip: "94105", NumSegments: 1,
        MessageSid: "SM5f2e8a7c9b1d4e6f8a0b2c4d6e8f0a1b", AccountSid: "AC3e1c5a7b9d2f4e6a8c0b1d3f5e7a9c2b",
        From: "+14155551234", ApiVersion: "2010-04-01", MessagingServiceSid: "MG9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d")
}
