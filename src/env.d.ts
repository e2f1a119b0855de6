/// <reference types="@rsbuild/core/types" />
interface ImportMetaEnv {
  readonly PUBLIC_API_ENV?: string;
  readonly PUBLIC_SANDBOX_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
