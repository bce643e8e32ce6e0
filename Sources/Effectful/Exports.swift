// `import Effectful` brings Foundation, and on Linux FoundationNetworking, with it: the tutorial's
// code uses `URL`, `URLSession` and `Task.sleep(for:)` under `import ComposableArchitecture` alone, and
// ported as written it must compile with `import Effectful` alone, on every platform. Effectful's
// own API already speaks Foundation's types (`URLSession`, `URLRequest`, `JSONDecoder`), so a user of
// it has Foundation in hand anyway; re-exporting spares every feature file the
// `#if canImport(FoundationNetworking)` dance that URLSession needs on Linux.
@_exported import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
