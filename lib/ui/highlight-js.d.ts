// The parts of highlight.js 10 that pith uses. The package's own types reference the DOM's (`/// <reference
// lib="dom" />`), which would then apply to every program that reads them: pith's, and its users' through dist/types.
declare module "highlight.js/lib/index.js" {
  export interface Highlighter {
    highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
    getLanguage(name: string): object | undefined;
  }
  const hljs: Highlighter;
  export default hljs;
}
