// The page's style sheet: light and dark from the reader's system setting, or as chosen with the page's button.
const LIGHT = `--page:#f6f6f3;--card:#ffffff;--text:#1d1d1f;--muted:#6b6b70;--border:#deded8;--accent:#3956c4;
--user:#eef2ff;--tool:#f7f7f4;--code:#f1f1ec;--added:#e3f6e5;--added-text:#1f6b2a;--removed:#fbe6e6;--removed-text:#9a2626;
--error:#b42318;--notice:#fdf6e3;
--hl-keyword:#a626a4;--hl-string:#50a14f;--hl-number:#986801;--hl-comment:#8a8a8f;--hl-function:#4078f2;--hl-type:#c18401;--hl-variable:#e45649;--hl-meta:#0184bc;`;
const DARK = `--page:#17181c;--card:#1f2026;--text:#e6e6e9;--muted:#9c9ca6;--border:#34353d;--accent:#8ea2ff;
--user:#262a3a;--tool:#24252b;--code:#2a2b32;--added:#1d3322;--added-text:#8fd89a;--removed:#3a2022;--removed-text:#f2a0a0;
--error:#ff8a80;--notice:#2f2a1c;
--hl-keyword:#c678dd;--hl-string:#98c379;--hl-number:#d19a66;--hl-comment:#7f848e;--hl-function:#61afef;--hl-type:#e5c07b;--hl-variable:#e06c75;--hl-meta:#56b6c2;`;

export const PAGE_CSS = `
:root{${LIGHT}color-scheme:light}
:root[data-theme=dark]{${DARK}color-scheme:dark}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}color-scheme:dark}}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--text);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{display:flex;flex-direction:column;gap:14px;max-width:980px;margin:0 auto;padding:24px 16px 64px}
.session-header{order:0}.session-tree{order:0}.totals-section{order:1}.conversation{order:2;display:flex;flex-direction:column;gap:12px}
.branches{order:3;display:flex;flex-direction:column;gap:12px}.branches>h2{font-size:1.1em;margin:8px 0 0}
details.branch{border:1px dashed var(--border);border-radius:8px;padding:6px 14px}
.branch-body{display:flex;flex-direction:column;gap:12px;margin:8px 0}
details.session-tree{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:6px 14px;font-size:.88em}
details.session-tree nav{max-height:60vh;overflow:auto;margin-top:6px}
.session-tree ol{list-style:none;margin:0;padding:0}
.session-tree .fork>ol{margin-left:14px;padding-left:8px;border-left:1px solid var(--border)}
.session-tree .fork>ol+ol{margin-top:4px}
.session-tree .node>a{display:block;text-decoration:none;color:var(--text);white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding:1px 4px;border-radius:4px}
.session-tree .off-path>a{color:var(--muted)}
.session-tree .on-path>a{border-left:3px solid var(--accent)}
.session-tree .leaf>a{font-weight:600}
.session-tree .node>a:hover{background:var(--code)}
.shown{outline:2px solid var(--accent);outline-offset:2px}
h1{font-size:1.45em;margin:0 0 6px;overflow-wrap:anywhere}
.controls{display:flex;gap:8px;margin:10px 0}
button{font:inherit;font-size:.85em;padding:4px 10px;border:1px solid var(--border);border-radius:6px;background:var(--card);color:var(--text);cursor:pointer}
dl.meta,dl.totals{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0;font-size:.9em}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
.totals-section{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:10px 14px}
.message{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:10px 14px;min-width:0}
.message.user{background:var(--user)}
.message>header{display:flex;justify-content:space-between;gap:12px;color:var(--muted);font-size:.82em;margin-bottom:4px}
.role{font-weight:600;color:var(--accent)}
time{color:var(--muted);font-size:.82em;white-space:nowrap}
.markdown>:first-child{margin-top:0}.markdown>:last-child{margin-bottom:0}
.markdown img,img.attachment{max-width:100%;height:auto;border:1px solid var(--border);border-radius:4px;display:block;margin:8px 0}
pre{background:var(--code);padding:8px 10px;border-radius:6px;overflow-x:auto;margin:6px 0;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em;background:var(--code);padding:0 3px;border-radius:3px}
pre code{background:none;padding:0}
.hljs-keyword,.hljs-selector-tag,.hljs-doctag{color:var(--hl-keyword)}
.hljs-string,.hljs-regexp,.hljs-addition,.hljs-attribute,.hljs-template-tag{color:var(--hl-string)}
.hljs-number,.hljs-literal,.hljs-symbol,.hljs-bullet{color:var(--hl-number)}
.hljs-comment,.hljs-quote{color:var(--hl-comment);font-style:italic}
.hljs-title,.hljs-section,.hljs-name{color:var(--hl-function)}
.hljs-type,.hljs-built_in,.hljs-class,.hljs-selector-class{color:var(--hl-type)}
.hljs-variable,.hljs-params,.hljs-attr,.hljs-template-variable,.hljs-deletion{color:var(--hl-variable)}
.hljs-meta,.hljs-link,.hljs-selector-id{color:var(--hl-meta)}
.hljs-emphasis{font-style:italic}.hljs-strong{font-weight:600}
table{border-collapse:collapse}th,td{border:1px solid var(--border);padding:3px 8px}
blockquote{margin:6px 0;padding-left:12px;border-left:3px solid var(--border);color:var(--muted)}
a{color:var(--accent)}
details>summary{cursor:pointer}
details.thinking{color:var(--muted);font-style:italic;border-left:3px solid var(--border);padding-left:10px;margin:6px 0}
details.thinking>summary{font-style:normal;font-size:.85em}
details.tool{background:var(--tool);border:1px solid var(--border);border-radius:6px;margin:8px 0;padding:4px 10px}
details.tool>summary{font-size:.9em;overflow-wrap:anywhere}
.tool-name{font-weight:600;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.tool-gist{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--muted)}
.tool-status{font-size:.8em;padding:0 6px;border-radius:8px;border:1px solid var(--border)}
.tool-status.error,.error{color:var(--error)}
.tool-path{margin:6px 0 0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em;color:var(--muted)}
.diff-added{display:block;background:var(--added);color:var(--added-text)}
.diff-removed{display:block;background:var(--removed);color:var(--removed-text)}
details.more>summary{font-size:.82em;color:var(--accent)}
.notice{margin:0;font-size:.85em;color:var(--muted);text-align:center}
details.summary{background:var(--notice);border:1px solid var(--border);border-radius:8px;padding:8px 14px}
details.system-message,details.system-prompt,details.tool-list{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:6px 14px;margin-top:8px}
details.tool-definition{margin:6px 0 6px 8px}
.note{color:var(--muted);font-size:.85em}
.usage{color:var(--muted);font-size:.8em;margin-top:6px;text-align:right}
`;
