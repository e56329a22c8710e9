import FormBenchCore
import Foundation
import Testing

/// How leaves are written: integers, floats, `Bool`, `Decimal`, and the `Date` and `Data`
/// strategies, and Foundation's formatting traps (README, "Alamofire's quirks").
struct ValueFormattingTests {
    /// 2001-01-01T00:02:03.456Z, the date of Alamofire's own date-strategy tests.
    private static let date = Date(timeIntervalSinceReferenceDate: 123.456)
    private static let data = Data("data".utf8)
    private static let inOrder = FormOptions(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets)

    private func dateOutcome(_ contender: Contender, _ date: Date, _ strategy: FormOptions.DateStyle) -> Outcome {
        contender.outcome(["date": date], FormOptions(dateEncoding: strategy))
    }

    private func dataOutcome(_ contender: Contender, _ data: Data, _ strategy: FormOptions.DataStyle) -> Outcome {
        contender.outcome(["data": data], FormOptions(dataEncoding: strategy))
    }

    /// Expects `values`, written as one array, to read as their `description`s (a `+` escaped),
    /// and reports the first difference only: a whole array would bury it.
    private func expectDescriptions(of values: [Double], _ contender: Contender) {
        let options = FormOptions(alphabetizeKeyValuePairs: false, arrayEncoding: .noBrackets)
        guard case let .output(text) = contender.outcome(["v": values], options) else {
            Issue.record("encoding failed")
            return
        }
        let written = text.split(separator: "&").map(String.init)
        let expected = values.map { "v=" + $0.description.replacingOccurrences(of: "+", with: "%2B") }
        #expect(written.count == expected.count)
        let difference = zip(written, expected).first { $0 != $1 }
        #expect(difference == nil, "written \(difference?.0 ?? ""), expected \(difference?.1 ?? "")")
    }

    // MARK: Numbers

    @Test(arguments: Contender.allCases)
    func integersOfEveryWidthAreWrittenInDecimal(contender: Contender) {
        struct Limits: Encodable {
            let int = Int.min, int8 = Int8.min, int16 = Int16.max, int32 = Int32.min, int64 = Int64.max
            let uint = UInt.max, uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max, uint64 = UInt64.max
        }
        let expected = "int=-9223372036854775808&int8=-128&int16=32767&int32=-2147483648&int64=9223372036854775807"
            + "&uint=18446744073709551615&uint8=255&uint16=65535&uint32=4294967295&uint64=18446744073709551615"
        #expect(contender.outcome(Limits(), Self.inOrder) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func doublesUseTheirShortestDescription(contender: Contender) {
        // `String(Double)`: always a fraction or an exponent; "+" of an exponent is escaped.
        let value = ["d": [1.0, 0.1, 0.1 + 0.2, -2.5, 1e-05, 1e15, 1e16, 12345678901234567890.0]]
        let expected = "d%5B0%5D=1.0&d%5B1%5D=0.1&d%5B2%5D=0.30000000000000004&d%5B3%5D=-2.5&d%5B4%5D=1e-05"
            + "&d%5B5%5D=1000000000000000.0&d%5B6%5D=1e%2B16&d%5B7%5D=1.2345678901234567e%2B19"
        #expect(contender.outcome(value, Self.inOrder) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func doublesOfEveryMagnitudeMatchTheirDescription(contender: Contender) {
        // Short decimals (prices, measures, millisecond timestamps), arbitrary bit patterns,
        // and the edges where `description` switches to exponent form, each with both signs.
        var random = SplitMix64(seed: 0xD0_0B1E)
        var values: [Double] = [1e-4, 1e-4.nextDown, 1e-4.nextUp, 0x1p51, 0x1p51.nextDown, 0x1p51.nextUp,
                                0x1p52, 0x1p53, 0x1p53.nextDown, 1e15, 1e16, 0.1 + 0.2, .leastNonzeroMagnitude, .ulpOfOne]
        for _ in 0..<30_000 {
            let digits = Double(random.next() >> (11 + random.next() % 50))
            let scale = (0..<random.next() % 21).reduce(1.0) { scale, _ in scale * 10 }
            values.append(digits / scale)
            let exponent = UInt64(1023 - 16 + random.next() % 72) << 52
            values.append(Double(bitPattern: exponent | random.next() >> 12))
        }
        values += values.map { -$0 }
        for start in stride(from: 0, to: values.count, by: 4_000) {
            expectDescriptions(of: Array(values[start..<min(start + 4_000, values.count)]), contender)
        }
    }

    @Test(arguments: Contender.allCases)
    func longExpansionsOnATieTakeTheEvenLastDigit(contender: Contender) {
        // (2^52 + 1) / 4 ends in .25 and (2^52 + 3) / 4 in .75: one decimal short of exact,
        // both neighbours of the last digit read back, and `description` takes the even one.
        let value = ["d": [(0x1p52 + 1) / 4, (0x1p52 + 3) / 4, -(0x1p52 + 1) / 4]]
        let expected = "d%5B0%5D=1125899906842624.2&d%5B1%5D=1125899906842624.8&d%5B2%5D=-1125899906842624.2"
        #expect(contender.outcome(value, Self.inOrder) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func powersOfTwoAndTheirNeighboursMatchTheirDescription(contender: Contender) {
        // Below a power of two the gap between doubles halves, so fewer decimals read back on
        // that side; and exact ties, where the last digit has two neighbours that read back.
        var values: [Double] = []
        for exponent in -16...56 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, power.nextUp.nextUp, power.nextDown.nextDown]
        }
        for divisor in [2.0, 4, 8, 16, 1024] {
            for odd in stride(from: 1.0, to: 200, by: 2) {
                values += [(0x1p52 + odd) / divisor, (0x1p53 - odd) / divisor]
            }
        }
        values += values.map { -$0 }
        expectDescriptions(of: values, contender)
    }

    @Test(arguments: Contender.allCases)
    func specialDoublesAreWrittenAsSwiftSpellsThem(contender: Contender) {
        let value = ["d": [Double.infinity, -Double.infinity, Double.nan, -0.0]]
        #expect(contender.outcome(value, Self.inOrder) == .output("d%5B0%5D=inf&d%5B1%5D=-inf&d%5B2%5D=nan&d%5B3%5D=-0.0"))
    }

    @Test(arguments: Contender.allCases)
    func floatsUseFloatPrecision(contender: Contender) {
        // 16777217 is not a Float: it rounds to 16777216.
        let value: [String: [Float]] = ["f": [0.1, 3.14159265, 1e-5, Float("16777217")!, -0.0, .infinity]]
        let expected = "f%5B0%5D=0.1&f%5B1%5D=3.1415927&f%5B2%5D=1e-05&f%5B3%5D=16777216.0&f%5B4%5D=-0.0&f%5B5%5D=inf"
        #expect(contender.outcome(value, Self.inOrder) == .output(expected))
    }

    // MARK: Bool

    @Test(arguments: Contender.allCases)
    func boolsAreNumericByDefault(contender: Contender) {
        #expect(contender.outcome(["t": true, "f": false]) == .output("f=0&t=1"))
    }

    @Test(arguments: Contender.allCases)
    func literalBoolsAreTrueAndFalse(contender: Contender) {
        #expect(contender.outcome(["t": true, "f": false], FormOptions(boolEncoding: .literal)) == .output("f=false&t=true"))
    }

    // MARK: Decimal

    @Test(arguments: Contender.allCases)
    func decimalsUseTheirDescription(contender: Contender) {
        let value = ["m": ["1.50", "-123.456", "1e10", "0.000001", "1.5E-3", "007.700"].map { Decimal(string: $0)! }]
        let expected = "m%5B0%5D=1.5&m%5B1%5D=-123.456&m%5B2%5D=10000000000&m%5B3%5D=0.000001&m%5B4%5D=0.0015&m%5B5%5D=7.7"
        #expect(contender.outcome(value, Self.inOrder) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func negativeZeroDecimalIsWrittenAsZero(contender: Contender) {
        #expect(contender.outcome(["m": Decimal(string: "-0")!]) == .output("m=0"))
    }

    @Test(arguments: Contender.allCases)
    func decimalMantissaIsCutTo39SignificantDigits(contender: Contender) {
        // 42 digits in, 39 kept: the last three become zeros of the exponent.
        let value = ["m": Decimal(string: "123456789012345678901234567890123456789012")!]
        #expect(contender.outcome(value) == .output("m=123456789012345678901234567890123456789000"))
    }

    // MARK: Date

    @Test(arguments: Contender.allCases)
    func deferredToDateWritesTheReferenceDateInterval(contender: Contender) {
        #expect(dateOutcome(contender, Self.date, .deferredToDate) == .output("date=123.456"))
    }

    @Test(arguments: Contender.allCases)
    func secondsSince1970WritesTheUnixInterval(contender: Contender) {
        #expect(dateOutcome(contender, Self.date, .secondsSince1970) == .output("date=978307323.456"))
    }

    @Test(arguments: Contender.allCases)
    func millisecondsSince1970WritesADouble(contender: Contender) {
        #expect(dateOutcome(contender, Self.date, .millisecondsSince1970) == .output("date=978307323456.0"))
    }

    @Test(arguments: Contender.allCases)
    func iso8601WritesUTCWithoutFractionalSeconds(contender: Contender) {
        #expect(dateOutcome(contender, Self.date, .iso8601) == .output("date=2001-01-01T00%3A02%3A03Z"))
    }

    @Test(arguments: Contender.allCases)
    func formattedUsesTheGivenFormatter(contender: Contender) {
        let formatted = FormOptions.DateStyle.formatted(FormOptions.utcMillisecondFormatter())
        #expect(dateOutcome(contender, Self.date, formatted) == .output("date=2001-01-01%2000%3A02%3A03.456"))
    }

    @Test(arguments: Contender.allCases)
    func customDateClosureStringIsWritten(contender: Contender) {
        let custom = FormOptions.DateStyle.custom { "t" + String(Int($0.timeIntervalSince1970)) }
        #expect(dateOutcome(contender, Self.date, custom) == .output("date=t978307323"))
    }

    @Test(arguments: Contender.allCases)
    func iso8601RoundsToTheMillisecondBeforeDroppingTheFraction(contender: Contender) {
        // 0.9995 s rounds to 1.000 s, so the seconds field is 01, not 00.
        let date = Date(timeIntervalSinceReferenceDate: 0.9995)
        #expect(dateOutcome(contender, date, .iso8601) == .output("date=2001-01-01T00%3A00%3A01Z"))
    }

    @Test(arguments: Contender.allCases)
    func iso8601ShowsTheSecondANegativeFractionFallsIn(contender: Contender) {
        // -0.25 s is 23:59:59.750 on the previous day.
        let date = Date(timeIntervalSinceReferenceDate: -0.25)
        #expect(dateOutcome(contender, date, .iso8601) == .output("date=2000-12-31T23%3A59%3A59Z"))
    }

    @Test(arguments: Contender.allCases)
    func iso8601ShowsDatesBefore1582InTheJulianCalendar(contender: Contender) {
        // 365,242.5 days before 2001-01-01 is 1001-01-01T12:00 proleptic Gregorian, which is
        // 6 days earlier in the Julian calendar.
        let date = Date(timeIntervalSinceReferenceDate: -31_556_952_000)
        #expect(dateOutcome(contender, date, .iso8601) == .output("date=1000-12-26T12%3A00%3A00Z"))
    }

    @Test(arguments: Contender.allCases)
    func iso8601SkipsTenDaysAtTheGregorianReform(contender: Contender) {
        // 1582-10-15T00:00:00Z is 152,750 days before 2001-01-01; one second earlier is the
        // last second of Julian 1582-10-04.
        let reform = Date(timeIntervalSinceReferenceDate: -13_197_600_000)
        let value = ["a": [reform, reform.addingTimeInterval(-1)]]
        let options = FormOptions(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets, dateEncoding: .iso8601)
        #expect(contender.outcome(value, options) == .output("a%5B0%5D=1582-10-15T00%3A00%3A00Z&a%5B1%5D=1582-10-04T23%3A59%3A59Z"))
    }

    @Test(arguments: Contender.allCases)
    func formattedDatesBefore1582AreJulianToo(contender: Contender) {
        let formatted = FormOptions.DateStyle.formatted(FormOptions.utcMillisecondFormatter())
        let date = Date(timeIntervalSinceReferenceDate: -31_556_952_000)
        #expect(dateOutcome(contender, date, formatted) == .output("date=1000-12-26%2012%3A00%3A00.000"))
    }

    // MARK: Data

    @Test(arguments: Contender.allCases)
    func base64IsTheDefaultDataEncoding(contender: Contender) {
        #expect(dataOutcome(contender, Self.data, .base64) == .output("data=ZGF0YQ%3D%3D"))
    }

    @Test(arguments: Contender.allCases)
    func base64PlusIsEscapedButSlashIsNot(contender: Contender) {
        #expect(dataOutcome(contender, Data([0xFB, 0xEF, 0xBE, 0xFF]), .base64) == .output("data=%2B%2B%2B%2B/w%3D%3D"))
    }

    @Test(arguments: Contender.allCases)
    func deferredToDataWritesSortedByteArray(contender: Contender) {
        // The bytes 100, 97, 116, 97 are array elements, sorted as strings.
        let expected = "data%5B%5D=100&data%5B%5D=116&data%5B%5D=97&data%5B%5D=97"
        #expect(dataOutcome(contender, Self.data, .deferredToData) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func customDataClosureStringIsWritten(contender: Contender) {
        let hex = FormOptions.DataStyle.custom { data in
            data.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
        #expect(dataOutcome(contender, Self.data, hex) == .output("data=64617461"))
    }

    @Test(arguments: Contender.allCases)
    func emptyDataIsAnEmptyValueInBase64(contender: Contender) {
        #expect(dataOutcome(contender, Data(), .base64) == .output("data="))
    }

    @Test(arguments: Contender.allCases)
    func emptyDataWritesNothingWhenDeferred(contender: Contender) {
        let value = ["d": Data(), "e": Data([1])]
        #expect(contender.outcome(value, FormOptions(dataEncoding: .deferredToData)) == .output("e%5B%5D=1"))
    }
}
