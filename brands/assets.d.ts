// Asset imports in brands/ (`./<id>/logo.svg?url` gives the emitted file's URL). The
// declarations come from rsbuild's client types; referencing them here keeps brands/
// type-checkable on its own and avoids a second, conflicting `*.svg` declaration.
/// <reference types="@rsbuild/core/types" />
