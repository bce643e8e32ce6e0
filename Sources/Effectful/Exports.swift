// `import Effectful` brings Foundation, and on Linux FoundationNetworking, with it: the tutorial's
// code uses `URL`, `URLSession` and `Task.sleep(for:)` under `import ComposableArchitecture` alone, and
// ported as written it must compile with `import Effectful` alone, on every platform. Effectful's
// own API already speaks Foundation's types (`URLSession`, `URLRequest`, `JSONDecoder`), so a user of
// it has Foundation in hand anyway; re-exporting spares every feature file the
// `#if canImport(FoundationNetworking)` dance that URLSession needs on Linux. The
// `@_documentation(visibility: internal)` keeps Foundation's symbols out of Effectful's symbol graph
// and documentation, which would otherwise list them all as Effectful's own.
@_documentation(visibility: internal) @_exported import Foundation

#if canImport(FoundationNetworking)
  @_documentation(visibility: internal) @_exported import FoundationNetworking
#endif
