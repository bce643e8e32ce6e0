import Foundation

/// Nanoseconds as people read them: two decimals below 10, one below 1,000, grouped above.
func formatNanoseconds(_ value: Double) -> String {
  if value < 10 { return String(format: "%.2f", value) }
  if value < 1_000 { return String(format: "%.1f", value) }
  return formatCount(Int(value.rounded()))
}

/// A ratio: one decimal below 10, none above.
func format(_ ratio: Double) -> String {
  ratio < 10 ? String(format: "%.1f", ratio) : String(format: "%.0f", ratio)
}

/// An integer with thousands separators: 1,000,000.
func formatCount(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var grouped = ""
  for (offset, digit) in digits.enumerated() {
    if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
    grouped.append(digit)
  }
  return value < 0 ? "-" + grouped : grouped
}

/// Bytes in decimal megabytes (or kilobytes when small), the unit of the RSS target.
func formatBytes(_ bytes: Int) -> String {
  if abs(bytes) < 1_000_000 { return String(format: "%.0f kB", Double(bytes) / 1_000) }
  return String(format: "%.1f MB", Double(bytes) / 1_000_000)
}
