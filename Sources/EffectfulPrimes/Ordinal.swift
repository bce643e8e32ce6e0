/// `n` written as an English ordinal: "1st", "2nd", "3rd", "4th", "11th", "21st", "111th".
///
/// ```swift
/// "The \(ordinal(3)) prime is \(nthPrime(3) ?? 0)"   // "The 3rd prime is 5"
/// ordinal(112)    // "112th": 11, 12 and 13 take "th" in every hundred
/// ordinal(0)      // "0th"
/// ordinal(-1)     // "-1st": the suffix follows the digits, the sign is kept
/// ```
///
/// Works for every `Int`, including `Int.min`.
public func ordinal(_ n: Int) -> String {
  let magnitude = n.magnitude
  let suffix: String
  switch (magnitude % 100, magnitude % 10) {
  case (11...13, _): suffix = "th"
  case (_, 1): suffix = "st"
  case (_, 2): suffix = "nd"
  case (_, 3): suffix = "rd"
  default: suffix = "th"
  }
  return "\(n)\(suffix)"
}
