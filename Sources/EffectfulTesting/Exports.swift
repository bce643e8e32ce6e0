// `import EffectfulTesting` brings Effectful with it: a test file names the store, the feature's
// types and `IdentifiedArrayOf` without a second import, as one importing the Composable
// Architecture's test tooling would. `@_documentation(visibility: internal)` keeps Effectful's
// symbols out of EffectfulTesting's documentation, which would otherwise list them as its own.
@_documentation(visibility: internal) @_exported import Effectful
