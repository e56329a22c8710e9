import FormBenchCore

/// The webhook payload: one flat form of 20 fields, as Twilio posts an incoming SMS — the
/// small form a server decodes most often. Its size is fixed (`leaves`).
package struct WebhookPayload: Codable, Equatable, Sendable {
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

    /// Variant `number` of the webhook: variant 0 is `sample`; every other is another message
    /// to the same number and account, as Twilio posts them in turn: its own message id, sender
    /// (number, city, state and zip), body (2 to 14 words of mixed-script text, as people
    /// write) and counts of media and segments.
    package static func variant(_ number: Int) -> WebhookPayload {
        guard number != 0 else { return sample }
        var random = SplitMix64(seed: 0x7E1E_6A0C, variant: number)
        let message = "SM" + (0..<32).map { _ in random.element(of: hexDigits) }.joined()
        let (city, state, zipPrefix) = random.element(of: senders)
        return WebhookPayload(
            ToCountry: sample.ToCountry, ToState: sample.ToState, SmsMessageSid: message, NumMedia: random.next(in: 0...2),
            ToCity: sample.ToCity, FromZip: zipPrefix + String(random.next(in: 100...999)), SmsSid: message, FromState: state,
            SmsStatus: sample.SmsStatus, FromCity: city, Body: random.phrase(words: 2...14, from: WordPool.mixed),
            FromCountry: sample.FromCountry, To: sample.To, ToZip: sample.ToZip, NumSegments: random.next(in: 1...3),
            MessageSid: message, AccountSid: sample.AccountSid,
            From: "+1" + String(random.next(in: 201...989)) + String(random.next(in: 2_000_000...9_999_999)),
            ApiVersion: sample.ApiVersion, MessagingServiceSid: sample.MessagingServiceSid)
    }

    private static let hexDigits = "0123456789abcdef".map(String.init)

    /// Where senders write from: city, state and the first two digits of a zip there.
    private static let senders = [("SAN FRANCISCO", "CA", "94"), ("NEW YORK", "NY", "10"), ("AUSTIN", "TX", "78"),
                                  ("SEATTLE", "WA", "98"), ("CHICAGO", "IL", "60"), ("SAINT PAUL", "MN", "55"),
                                  ("BOSTON", "MA", "02"), ("DENVER", "CO", "80")]
}
