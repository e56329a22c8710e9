/// Reads a `WebhookPayload` straight from its form without Codable: twenty flat fields, found by
/// name, two of them integers. A name the payload does not have is skipped (Twilio adds fields
/// over time), as a `Decodable` type skips keys it does not declare.
package enum WebhookHandParser {
    /// The webhook `form` holds; throws `HandFormError` when it is not a `WebhookPayload`'s form.
    package static func parse(_ form: [UInt8]) throws -> WebhookPayload {
        try HandFormReader.read(form) { reader in
            var values = [HandFormText?](repeating: nil, count: Field.names.count)
            while let pair = reader.next() {
                try pair.name.withUnescaped { name in
                    let name = HandSegment(bytes: name)
                    if let field = Field.names.firstIndex(where: name.is) {
                        values[field] = pair.value
                    }
                }
            }
            func value(_ field: Field) throws -> HandFormText {
                try values[field.rawValue].required("\(field)")
            }
            return WebhookPayload(
                ToCountry: try value(.ToCountry).string(), ToState: try value(.ToState).string(),
                SmsMessageSid: try value(.SmsMessageSid).string(), NumMedia: try value(.NumMedia).int(),
                ToCity: try value(.ToCity).string(), FromZip: try value(.FromZip).string(), SmsSid: try value(.SmsSid).string(),
                FromState: try value(.FromState).string(), SmsStatus: try value(.SmsStatus).string(),
                FromCity: try value(.FromCity).string(), Body: try value(.Body).string(),
                FromCountry: try value(.FromCountry).string(), To: try value(.To).string(), ToZip: try value(.ToZip).string(),
                NumSegments: try value(.NumSegments).int(), MessageSid: try value(.MessageSid).string(),
                AccountSid: try value(.AccountSid).string(), From: try value(.From).string(),
                ApiVersion: try value(.ApiVersion).string(), MessagingServiceSid: try value(.MessagingServiceSid).string())
        }
    }

    /// The payload's fields, named in the form as in the struct (as Codable's synthesized keys
    /// are).
    private enum Field: Int, CaseIterable {
        case ToCountry, ToState, SmsMessageSid, NumMedia, ToCity, FromZip, SmsSid, FromState, SmsStatus, FromCity, Body,
             FromCountry, To, ToZip, NumSegments, MessageSid, AccountSid, From, ApiVersion, MessagingServiceSid

        /// Each field's name as the form sends it, by `rawValue`; made once.
        static let names = allCases.map { Array(String(describing: $0).utf8) }
    }
}
