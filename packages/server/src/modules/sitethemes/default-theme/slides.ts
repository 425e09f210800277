// reveal_slide exhibits: the Markdown cut into slides, shown one at a time with previous / next buttons
// and the arrow keys. Without the script (or under a CSP that blocks it) the slides simply stack.
import { attr, escapeHtml, urlAttr } from './escape';
import { renderMarkdown, splitSlides } from './markdown';
import type { Translate } from './texts';
import type { ThemeScript } from './types';

/**
 * The slides' whole script. The integration can inline it with a CSP nonce (`script: { nonce }`) or serve
 * it from a route of its own and name that route (`script: { src }`).
 */
export const SLIDES_SCRIPT = `(function(){var d=document.querySelector('[data-slides]');if(!d)return;
var s=d.querySelectorAll('.slide'),p=d.querySelector('[data-position]'),b=d.querySelector('[data-prev]'),n=d.querySelector('[data-next]'),t=d.getAttribute('data-position-text')||'',i=0;
function go(k){if(k<0||k>=s.length)return;i=k;for(var j=0;j<s.length;j++)s[j].hidden=j!==i;p.textContent=t.replace('{index}',String(i+1)).replace('{count}',String(s.length));b.disabled=i===0;n.disabled=i===s.length-1;}
d.classList.add('js');b.addEventListener('click',function(){go(i-1)});n.addEventListener('click',function(){go(i+1)});
document.addEventListener('keydown',function(e){var g=e.target&&e.target.tagName;if(g==='INPUT'||g==='TEXTAREA'||g==='SELECT'||e.altKey||e.ctrlKey||e.metaKey)return;
var k=e.key==='ArrowRight'||e.key==='PageDown'?i+1:e.key==='ArrowLeft'||e.key==='PageUp'?i-1:e.key==='Home'?0:e.key==='End'?s.length-1:-2;if(k!==-2){e.preventDefault();go(k)}});
go(0);})();`;

export function renderSlides(
  markdown: string,
  t: Translate,
  script: ThemeScript | undefined,
): { main: string; tail: string } {
  const slides = splitSlides(markdown);
  const count = slides.length;
  const sections = slides.map(
    (slide, index) =>
      `<div class="slide" role="group" aria-roledescription="slide"${attr('aria-label', `${index + 1} / ${count}`)}>\n${renderMarkdown(slide, { headingOffset: 1 })}\n</div>`,
  );
  const controls = `<div class="slide-controls">
<button type="button" data-prev>${escapeHtml(t('slides.previous'))}</button>
<span data-position aria-live="polite">${escapeHtml(t('slides.position', { index: 1, count }))}</span>
<button type="button" data-next>${escapeHtml(t('slides.next'))}</button>
</div>`;
  const main = `<section class="slides" data-slides aria-roledescription="carousel"${attr('aria-label', t('slides.label'))}${attr(
    'data-position-text',
    t('slides.position', { index: '{index}', count: '{count}' }),
  )}>
${sections.join('\n')}
${controls}
</section>`;
  return { main, tail: count > 1 ? scriptTag(script) : '' };
}

function scriptTag(script: ThemeScript | undefined): string {
  if (script === undefined) return '';
  if ('nonce' in script) return `\n<script${attr('nonce', script.nonce)}>${SLIDES_SCRIPT}</script>`;
  const src = urlAttr('src', script.src);
  return src === '' ? '' : `\n<script${src} defer></script>`;
}
