import EffectfulPrimes
import Testing

@Suite("ordinal")
struct OrdinalTests {
  @Test(
    "English suffixes",
    arguments: [
      (0, "0th"), (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"),
      (11, "11th"), (12, "12th"), (13, "13th"), (14, "14th"),
      (21, "21st"), (22, "22nd"), (23, "23rd"),
      (101, "101st"), (102, "102nd"), (111, "111th"), (112, "112th"), (113, "113th"),
      (1_000_000, "1000000th"),
      (-1, "-1st"), (-12, "-12th"), (-23, "-23rd"),
      (Int.max, "9223372036854775807th"), (Int.min, "-9223372036854775808th"),
    ])
  func suffixes(n: Int, expected: String) {
    #expect(ordinal(n) == expected)
  }

  @Test("the alert reads naturally")
  func alert() {
    #expect("The \(ordinal(3)) prime is \(nthPrime(3) ?? 0)" == "The 3rd prime is 5")
  }
}
