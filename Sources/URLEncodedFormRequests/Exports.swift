// The core's types (`URLEncoding`, `URLEncodedFormEncoder`, `AFError`, `Parameters`) are part of
// this module's API, as they are of Alamofire's: `import URLEncodedFormRequests` is enough.
@_exported import URLEncodedForm
