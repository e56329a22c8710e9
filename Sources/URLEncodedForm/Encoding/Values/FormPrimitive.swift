/// A value written as one leaf straight from its bits: `String`, `Bool`, every integer and
/// floating-point type. Everything else is asked to encode itself (or is a `Date`, `Data` or
/// `Decimal`, which have strategies of their own).
protocol FormPrimitive {
    /// Appends this value's escaped text to `values`.
    func appendText(to values: inout UncheckedBytes, options: SessionOptions)
}

extension String: FormPrimitive {
    func appendText(to values: inout UncheckedBytes, options: SessionOptions) {
        options.escapeTable.appendEscaped(self, to: &values)
    }
}

/// Text made already (a date's, Base64, `NilEncoding`'s): escaped as it is.
extension UnsafeRawBufferPointer: FormPrimitive {
    func appendText(to values: inout UncheckedBytes, options: SessionOptions) {
        options.escapeTable.appendEscaped(self, to: &values)
    }
}

extension Bool: FormPrimitive {
    func appendText(to values: inout UncheckedBytes, options: SessionOptions) {
        let text: StaticString
        switch options.encoding.boolEncoding {
        case .numeric: text = self ? "1" : "0"
        case .literal: text = self ? "true" : "false"
        }
        text.withUTF8Buffer { options.escapeTable.appendEscaped(UnsafeRawBufferPointer($0), to: &values) }
    }
}

extension FormPrimitive where Self: BinaryInteger {
    func appendText(to values: inout UncheckedBytes, options: SessionOptions) {
        if options.escapeTable.passesNumbers {
            values.commit(DecimalText.write(of: self, to: values.reserve(DecimalText.maxLength)))
            return
        }
        DecimalText.withDigits(of: self) { options.escapeTable.appendEscaped($0, to: &values) }
    }
}

extension Int: FormPrimitive {}
extension Int8: FormPrimitive {}
extension Int16: FormPrimitive {}
extension Int32: FormPrimitive {}
extension Int64: FormPrimitive {}
extension UInt: FormPrimitive {}
extension UInt8: FormPrimitive {}
extension UInt16: FormPrimitive {}
extension UInt32: FormPrimitive {}
extension UInt64: FormPrimitive {}

extension Double: FormPrimitive {
    /// `description`: shortest round-trip digits, `1e-05`, `inf`, `-0.0`.
    func appendText(to values: inout UncheckedBytes, options: SessionOptions) {
        guard options.escapeTable.passesNumbers else {
            DoubleText.withText(of: self) { options.escapeTable.appendEscaped($0, to: &values) }
            return
        }
        if let length = DoubleText.writeFixedPoint(self, to: values.reserve(DoubleText.maxFixedPointLength)) {
            values.commit(length)
        } else {
            // Exponent forms, zero and non-finite values.
            options.escapeTable.appendEscaped(description, to: &values)
        }
    }
}

extension Float: FormPrimitive {
    /// `description`, with the digits of `Float` precision.
    func appendText(to values: inout UncheckedBytes, options: SessionOptions) {
        options.escapeTable.appendEscaped(description, to: &values)
    }
}
