extension URLEncodedFormEncoder {
    /// A transformation applied to the whole key path of every pair (`parent[child][]`, brackets
    /// included) before it is escaped.
    public enum KeyEncoding: Sendable {
        /// Keys as they are.
        case useDefaultKeys
        /// camelCase to snake_case: `myURLProperty` becomes `my_url_property`.
        case convertToSnakeCase
        /// camelCase to kebab-case: `myURLProperty` becomes `my-url-property`.
        case convertToKebabCase
        /// The first character upper-cased: `oneTwo` becomes `OneTwo`.
        case capitalized
        /// Upper-cased: `oneTwo` becomes `ONETWO`.
        case uppercased
        /// Lower-cased: `oneTwo` becomes `onetwo`.
        case lowercased
        /// The closure's string.
        case custom(@Sendable (String) -> String)
    }
}
