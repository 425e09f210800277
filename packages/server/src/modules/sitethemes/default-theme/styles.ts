// The theme's whole stylesheet, inlined into every page (kept small: a test holds it under 8 KB).
// System fonts, a light and a dark scheme, visible focus, a responsive card grid.
export const THEME_CSS = `
:root{--bg:#f7f7f8;--fg:#1d1d21;--muted:#5c5c66;--card:#fff;--line:#dcdce2;--accent:#2456c7;--accent-fg:#fff;--warn:#fff4e0;--warn-line:#e0a030;--free:#1a7f37;--paid:#b35900;--danger:#b42318;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#16161a;--fg:#ececf0;--muted:#a4a4b0;--card:#202026;--line:#34343c;--accent:#7aa2ff;--accent-fg:#10131c;--warn:#2c2414;--warn-line:#a77a22;--free:#4ac26b;--paid:#f0a04b;--danger:#ff8a80}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
img,video{max-width:100%;height:auto}
.skip{position:absolute;left:-999px;top:0;background:var(--card);padding:.5rem 1rem;z-index:9}
.skip:focus{left:1rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.top{background:var(--card);border-bottom:1px solid var(--line)}
.top .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;min-height:3.5rem}
.brand{display:flex;align-items:center;gap:.6rem;color:inherit;text-decoration:none;font-weight:600;font-size:1.1rem;margin-right:auto}
.brand img{width:2rem;height:2rem;border-radius:6px;object-fit:cover}
.top nav ul{display:flex;gap:.75rem;list-style:none;margin:0;padding:0}
[aria-current]{font-weight:700}
main{padding:1.5rem 0 3rem}
h1{font-size:1.75rem;line-height:1.3;margin:.5rem 0}
.lead{color:var(--muted);margin:0 0 1rem}
.search{display:flex;gap:.5rem;margin:1rem 0;max-width:32rem}
.search input{flex:1;min-width:0;padding:.5rem .75rem;border:1px solid var(--line);border-radius:8px;background:var(--card);color:inherit;font:inherit}
.button,.search button,.slide-controls button{display:inline-block;padding:.5rem 1rem;border:0;border-radius:8px;background:var(--accent);color:var(--accent-fg);font:inherit;text-decoration:none;cursor:pointer}
.chips{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0 0 1rem}
.chips a{display:block;padding:.2rem .8rem;border:1px solid var(--line);border-radius:999px;text-decoration:none;color:inherit;background:var(--card)}
.chips a[aria-current]{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
.count{color:var(--muted);font-size:.9rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;list-style:none;padding:0;margin:0}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;overflow:hidden;display:flex;flex-direction:column}
.card a{color:inherit;text-decoration:none}
.card h3{font-size:1rem;margin:.6rem .8rem .2rem;overflow-wrap:anywhere}
.cover{aspect-ratio:4/3;background:var(--bg);display:flex;align-items:center;justify-content:center}
.cover img{width:100%;height:100%;object-fit:cover}
.icon{font-size:2.5rem;color:var(--muted)}
.meta{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:0 .8rem .8rem;color:var(--muted);font-size:.85rem}
.badge{padding:0 .5rem;border-radius:999px;border:1px solid currentColor;font-size:.8rem}
.badge-free{color:var(--free)}.badge-paid{color:var(--paid)}.badge-licensed{color:var(--accent)}.badge-needsLicence,.badge-unavailable{color:var(--danger)}
.empty{padding:3rem 1rem;text-align:center;color:var(--muted)}
.pages{display:flex;gap:1rem;justify-content:center;align-items:center;margin-top:2rem}
.crumbs{margin-bottom:.5rem}
.prose{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem 1.5rem;overflow-wrap:anywhere}
.prose img{max-width:100%}
pre{overflow:auto;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}
.prose pre{background:var(--bg)}
.license{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}
blockquote{margin:1rem 0;padding:0 1rem;border-left:4px solid var(--line);color:var(--muted)}
figure{margin:0}
audio{width:100%}
.notice{background:var(--warn);border:1px solid var(--warn-line);border-radius:12px;padding:1rem 1.5rem;margin:1rem 0}
.notice h2{font-size:1.2rem;margin:0 0 .5rem}
.code{color:var(--muted);font-size:.85rem}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.tags li{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:0 .5rem;font-size:.85rem}
.slide{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.5rem 2rem;margin-bottom:1rem;min-height:16rem}
.slide-controls{display:none;gap:1rem;align-items:center;justify-content:center}
.slides.js .slide-controls{display:flex}
.slide-controls button:disabled{opacity:.4;cursor:default}
.items li{margin:.3rem 0}
footer{border-top:1px solid var(--line);color:var(--muted);font-size:.85rem;padding:1rem 0}
`;
