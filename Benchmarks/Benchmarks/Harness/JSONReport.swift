import Foundation

/// The report as JSON: `{"machine": …, "cases": [{"name", "unit", "bare", "naive", "effectful"}, …]}`,
/// with `null` where a contender has no figure, then what the run checked besides.
enum JSONReport {
  static func value(of report: RunReport) -> JSONValue {
    .object([
      ("machine", .string(report.machine)),
      ("cases", .array(report.results.map(value(of:)))),
      ("mode", .string(report.mode)),
      ("peakResidentBytes", .integer(report.peakResidentBytes)),
      ("targets", .array(report.targets.map(value(of:)))),
    ])
  }

  static func write(_ report: RunReport, to path: String) throws {
    let text = value(of: report).rendered() + "\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private static func value(of result: CaseResult) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(result.name.rawValue)),
      ("unit", .string("ns/op")),
    ]
    for contender in Contender.allCases {
      // Two decimals: the noise is far larger than that.
      let figure = result.nanosecondsPerOperation[contender].map { ($0 * 100).rounded() / 100 }
      members.append((contender.rawValue, JSONValue(figure)))
    }
    if let chain = result.naiveDeepestChain {
      var chainMembers: [(key: String, value: JSONValue)] = [
        ("survived", .integer(chain.survived)),
        ("firstCrash", JSONValue(chain.firstCrash)),
        ("stackLimitBytes", JSONValue(chain.stackLimitBytes)),
        ("probes", .integer(chain.probes)),
      ]
      if let error = chain.error { chainMembers.append(("error", .string(error))) }
      members.append(("naiveDeepestChain", .object(chainMembers)))
    }
    if let memory = result.memory {
      members.append(
        (
          "memory",
          .object([
            ("cycles", .integer(memory.cycles)),
            ("residentBytesBefore", JSONValue(memory.residentBytesBefore)),
            ("residentBytesAfter", JSONValue(memory.residentBytesAfter)),
            ("registryEntriesBefore", JSONValue(memory.registryEntriesBefore)),
            ("registryEntriesAfter", JSONValue(memory.registryEntriesAfter)),
            ("cancellationsSeen", .integer(memory.cancellationsSeen)),
            ("flat", .bool(memory.isFlat)),
          ])
        ))
    }
    if let told = result.fieldNotifications {
      members.append(
        (
          "fieldNotifications",
          .object([
            ("actions", .integer(told.actions)),
            ("toldChanged", .integer(told.toldChanged)),
            ("toldOthers", .integer(told.toldOthers)),
            ("exact", .bool(told.isExact)),
          ])
        ))
    }
    return .object(members)
  }

  private static func value(of check: TargetCheck) -> JSONValue {
    .object([
      ("target", .string(check.target)),
      ("met", JSONValue(check.met)),
      ("detail", .string(check.detail)),
    ])
  }
}
