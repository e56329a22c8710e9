// The forms the tests send: real bodies as browsers, Twilio and Rails clients write them.
import Foundation

/// The forms the example servers' tests send.
public enum Forms {
    /// Twilio's inbound-SMS webhook: `+` spaces, `%2B` in phone numbers, escaped punctuation.
    public static let webhook = "ToCountry=US&ToState=CA&SmsMessageSid=SM5b1c2a7e0b4c4f3d9f6e8a1b2c3d4e5f&NumMedia=0"
        + "&ToCity=SAN+FRANCISCO&FromZip=94105&SmsSid=SM5b1c2a7e0b4c4f3d9f6e8a1b2c3d4e5f&FromState=CA"
        + "&SmsStatus=received&FromCity=SAN+FRANCISCO&Body=Hi+there%21+Table+for+2+at+7%3A30pm%3F+%F0%9F%8D%9D"
        + "&FromCountry=US&To=%2B14155550100&ToZip=94105&NumSegments=1"
        + "&MessageSid=SM5b1c2a7e0b4c4f3d9f6e8a1b2c3d4e5f&AccountSid=AC0123456789abcdef0123456789abcdef"
        + "&From=%2B14155551234&ApiVersion=2010-04-01"

    /// A sign-up form: a checkbox group with escaped brackets, and an `on` checkbox.
    public static let signup = "email=ann%40example.com&name=Ann+M%C3%BCller&interests%5B%5D=swift&interests%5B%5D=server+side&newsletter=on"
    /// The same form with nothing checked: the group and the boxes send nothing.
    public static let signupUnchecked = "email=bob%40example.com&name=Bob"
    /// Rails' check box: a hidden `0` before the box's `1`.
    public static let signupRails = "email=cy%40example.com&name=Cy&newsletter=0&newsletter=1&terms=0&interests[]=nio"

    /// A Rails nested order with `count` line items, indices in text order (0, 1, 10, 11, …, 2, …).
    public static func orders(count: Int) -> String {
        var pairs = ["order%5Bcustomer%5D%5Bname%5D=Ann+M%C3%BCller", "order[customer][email]=ann%40example.com"]
        for index in (0..<count).map(String.init).sorted() {
            pairs.append("order%5Bline_items%5D%5B\(index)%5D%5Bsku%5D=SKU-\(index)%2Fred")
            pairs.append("order[line_items][\(index)][quantity]=\(Int(index)! % 5 + 1)")
            pairs.append("order[line_items][\(index)][price]=\(Int(index)!).99")
        }
        pairs.append("order[note]=Leave+at+the+door+%26+ring")
        return pairs.joined(separator: "&")
    }

    // Hostile bodies.
    public static let tooLong = "Body=" + String(repeating: "a", count: 4 * 1024 * 1024 + 1 - 5)   // 4 MiB + 1 byte
    public static let tooDeep = "a" + String(repeating: "[b]", count: 100_000) + "=1"
    public static let tooMany = (0..<100_000).map { "p\($0)=1" }.joined(separator: "&")
    public static let invalidUTF8 = webhook.replacingOccurrences(of: "Body=Hi", with: "Body=%FF%FEHi")
    public static let conflict = "order[line_items]=x&order[line_items][0][sku]=y&order[line_items][0][quantity]=1&order[line_items][0][price]=1"
}
