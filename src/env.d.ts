/// <reference types="@rsbuild/core/types" />
interface ImportMetaEnv {
  readonly PUBLIC_API_ENV?: string;
  readonly PUBLIC_SANDBOX_URL?: string;
  /** The build's id (rsbuild.config.ts; the update check, issue 61). */
  readonly APP_BUILD_ID?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
