import Foundation

/// A log–log chart of median time per encode against payload size, written by hand as SVG:
/// one panel per payload, one line per contender (the same colour in every panel), decade
/// grid lines with labelled ticks, axis titles and a legend.
enum SVGChart {
    private static let panelWidth = 460.0
    private static let panelHeight = 320.0
    private static let headerHeight = 78.0
    private static let footerHeight = 28.0
    private static let columns = 2
    /// The plot area's inset within its panel.
    private static let inset = (left: 78.0, right: 26.0, top: 30.0, bottom: 52.0)

    private static let frameColour = "#333"
    private static let gridColour = "#ddd"

    /// Colours by contender; floors are drawn dashed.
    private static let styles: [ContenderKey: (colour: String, dashed: Bool)] = [
        ReferenceContender.key: ("#d62728", false),
        OptimizedContender.key: ("#1f77b4", false),
        WalkFloorContender.key: ("#7f7f7f", true),
        HandWrittenContender.key: ("#2ca02c", true),
        FreshEncoderContender.key: ("#9467bd", false),
    ]

    /// The chart of `records`' measured points; `contenders` gives the legend's order.
    static func render(_ records: [ScalingRecord], contenders: [ContenderKey]) -> String {
        let measured = records.filter { $0.status == .measured && ($0.medianSeconds ?? 0) > 0 }
        var payloads: [PayloadKind] = []
        for record in measured where !payloads.contains(record.payload) {
            payloads.append(record.payload)
        }
        let present = contenders.filter { key in measured.contains { $0.key == key } }
        let rows = max(1, (payloads.count + columns - 1) / columns)
        let width = panelWidth * Double(columns)
        let height = headerHeight + panelHeight * Double(rows) + footerHeight
        let sizes = decades(measured.map { Double($0.leaves) })

        var svg = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(width))" height="\#(number(height))" viewBox="0 0 \#(number(width)) \#(number(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"#,
            #"<rect width="100%" height="100%" fill="white"/>"#,
            text("Median time per encode against payload size (log–log)", x: width / 2, y: 24, size: 16, anchor: "middle", bold: true),
        ]
        svg += legend(present, width: width)
        for (index, payload) in payloads.enumerated() {
            let origin = (x: panelWidth * Double(index % columns), y: headerHeight + panelHeight * Double(index / columns))
            svg += panel(payload, records: measured.filter { $0.payload == payload }, contenders: present,
                         origin: origin, sizes: sizes)
        }
        if payloads.isEmpty {
            svg.append(text("No measurements.", x: width / 2, y: headerHeight + 40, anchor: "middle"))
        }
        svg.append(text("Missing points: skipped (projected time over budget) or not run. Dashed lines are floors, not encoders.",
                         x: width / 2, y: height - 10, size: 11, anchor: "middle", colour: "#555"))
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private static func legend(_ contenders: [ContenderKey], width: Double) -> [String] {
        let spacing = 150.0
        let start = width / 2 - spacing * Double(contenders.count) / 2
        return contenders.enumerated().flatMap { index, key -> [String] in
            let x = start + spacing * Double(index)
            // A name both sides have says which side it is.
            let shared = contenders.contains { $0.name == key.name && $0.side != key.side }
            return [line(x1: x, y1: 50, x2: x + 28, y2: 50, contender: key),
                    text(shared ? "\(key.name) (\(key.side.rawValue))" : key.name, x: x + 34, y: 54)]
        }
    }

    /// One payload's plot: grid, ticks, axis titles, and a polyline with markers per contender.
    private static func panel(_ payload: PayloadKind, records: [ScalingRecord], contenders: [ContenderKey],
                              origin: (x: Double, y: Double), sizes: ClosedRange<Int>) -> [String] {
        let times = decades(records.compactMap(\.medianSeconds))
        let left = origin.x + inset.left, right = origin.x + panelWidth - inset.right
        let top = origin.y + inset.top, bottom = origin.y + panelHeight - inset.bottom
        func x(_ size: Double) -> Double {
            left + (log10(size) - Double(sizes.lowerBound)) / Double(sizes.count - 1) * (right - left)
        }
        func y(_ seconds: Double) -> Double {
            bottom - (log10(seconds) - Double(times.lowerBound)) / Double(times.count - 1) * (bottom - top)
        }

        var svg = [text(payload.rawValue, x: (left + right) / 2, y: origin.y + 18, size: 14, anchor: "middle", bold: true)]
        for decade in sizes {
            let position = x(pow(10, Double(decade)))
            svg.append(gridLine(x1: position, y1: top, x2: position, y2: bottom))
            svg.append(text("10" + superscript(decade), x: position, y: bottom + 16, anchor: "middle"))
        }
        for decade in times {
            let position = y(pow(10, Double(decade)))
            svg.append(gridLine(x1: left, y1: position, x2: right, y2: position))
            svg.append(text(durationLabel(decade), x: left - 6, y: position + 4, anchor: "end"))
        }
        svg.append(#"<rect x="\#(number(left))" y="\#(number(top))" width="\#(number(right - left))" height="\#(number(bottom - top))" fill="none" stroke="\#(frameColour)"/>"#)
        svg.append(text("payload size N (leaves)", x: (left + right) / 2, y: bottom + 36, anchor: "middle"))
        let middle = (top + bottom) / 2
        svg.append(text("median time per encode", x: origin.x + 16, y: middle, anchor: "middle",
                        transform: "rotate(-90 \(number(origin.x + 16)) \(number(middle)))"))

        for key in contenders {
            let points = records.filter { $0.key == key }.sorted { $0.leaves < $1.leaves }
                .compactMap { record in record.medianSeconds.map { (x(Double(record.leaves)), y($0)) } }
            guard !points.isEmpty else { continue }
            let style = styles[key] ?? ("#9467bd", false)
            let coordinates = points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
            svg.append(#"<polyline points="\#(coordinates)" fill="none" stroke="\#(style.colour)" stroke-width="2"\#(style.dashed ? #" stroke-dasharray="6 4""# : "")/>"#)
            svg += points.map { #"<circle cx="\#(number($0.0))" cy="\#(number($0.1))" r="3" fill="\#(style.colour)"/>"# }
        }
        return svg
    }

    /// The whole decades spanning `values` (at least two, so that a scale has extent).
    private static func decades(_ values: [Double]) -> ClosedRange<Int> {
        guard let smallest = values.min(), let largest = values.max(), smallest > 0 else { return 0...1 }
        let low = Int(floor(log10(smallest)))
        let high = Int(ceil(log10(largest)))
        return low...max(high, low + 1)
    }

    /// `1 µs`, `10 µs`, `100 µs`, `1 ms` … for the decade `10^exponent` seconds.
    private static func durationLabel(_ exponent: Int) -> String {
        let units = [(-9, "ns"), (-6, "µs"), (-3, "ms"), (0, "s")]
        let unit = units.last { $0.0 <= exponent } ?? units[0]
        let value = pow(10, Double(exponent - unit.0))
        return value >= 1 ? "\(Int(value)) \(unit.1)" : "\(Format.decimal(value, digits: -exponent - 9)) \(unit.1)"
    }

    private static func superscript(_ value: Int) -> String {
        let digits = Array("⁰¹²³⁴⁵⁶⁷⁸⁹")
        return (value < 0 ? "⁻" : "") + String(String(value.magnitude).compactMap { $0.wholeNumberValue.map { digits[$0] } })
    }

    private static func line(x1: Double, y1: Double, x2: Double, y2: Double, contender: ContenderKey) -> String {
        let style = styles[contender] ?? ("#9467bd", false)
        return #"<line x1="\#(number(x1))" y1="\#(number(y1))" x2="\#(number(x2))" y2="\#(number(y2))" stroke="\#(style.colour)" stroke-width="2"\#(style.dashed ? #" stroke-dasharray="6 4""# : "")/>"#
    }

    private static func gridLine(x1: Double, y1: Double, x2: Double, y2: Double) -> String {
        #"<line x1="\#(number(x1))" y1="\#(number(y1))" x2="\#(number(x2))" y2="\#(number(y2))" stroke="\#(gridColour)"/>"#
    }

    private static func text(_ content: String, x: Double, y: Double, size: Double = 12, anchor: String = "start",
                             bold: Bool = false, colour: String = "#222", transform: String? = nil) -> String {
        let weight = bold ? #" font-weight="bold""# : ""
        let rotation = transform.map { #" transform="\#($0)""# } ?? ""
        return #"<text x="\#(number(x))" y="\#(number(y))" font-size="\#(number(size))" text-anchor="\#(anchor)" fill="\#(colour)"\#(weight)\#(rotation)>\#(xmlEscaped(content))</text>"#
    }

    private static func number(_ value: Double) -> String {
        Format.decimal(value, digits: 1)
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
