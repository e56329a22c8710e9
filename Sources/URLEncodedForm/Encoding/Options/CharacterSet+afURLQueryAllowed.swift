import Foundation

extension CharacterSet {
    /// The characters Alamofire leaves unescaped in a query: `CharacterSet.urlQueryAllowed` less
    /// the RFC 3986 delimiters `:#[]@` and `!$&'()*+,;=`. `?` and `/` stay (RFC 3986 §3.4), so a
    /// query value may hold a URL.
    public static let afURLQueryAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return allowed
    }()
}
