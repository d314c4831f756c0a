import type { Language } from '@shop/shared/i18n/messages'
import { formatMoney } from '@shop/shared/money/money'
import type { Shipment } from '@shop/shared/schemas/delivery'
import { html, SafeHtml } from '../../lib/html.ts'

// Issue 42 (decision 0237): the driver's phone page. Small and fast on a cheap phone on a bad network: HTML made on
// the server with the day's shipments in it, a few lines of CSS, and one small script (DRIVER_SCRIPT, ~2 KB) that sends
// an outcome, keeping it on the phone while there is no network and sending it, once, when the network is back. No
// dashboard code, no framework.

export const DRIVER_TEXT = {
  ar: {
    title: 'توصيلاتي',
    empty: 'لا توجد شحنات معك الآن.',
    collect: 'المطلوب تحصيله',
    paid: 'مدفوع مسبقًا، لا تحصّل شيئًا',
    call: 'اتصال',
    map: 'الخريطة',
    delivered: 'تم التسليم',
    refused: 'رفض الاستلام',
    failed: 'لم يُسلَّم هذه المرة',
    collected: 'المبلغ الذي حصّلته',
    reason: 'السبب',
    send: 'إرسال',
    sent: 'أُرسلت ✓',
    queued: 'حُفظت على الهاتف، وستُرسل عند عودة الاتصال',
    failed_send: 'لم تُقبل:',
    tried: 'محاولات سابقة',
    invalid: 'هذا الرابط لم يعد يعمل: اطلب رابطًا جديدًا من المتجر.',
    other_language: 'English',
  },
  en: {
    title: 'My deliveries',
    empty: 'No shipments with you right now.',
    collect: 'To collect',
    paid: 'Paid in advance: collect nothing',
    call: 'Call',
    map: 'Map',
    delivered: 'Delivered',
    refused: 'Refused',
    failed: 'Not delivered this time',
    collected: 'Amount collected',
    reason: 'Reason',
    send: 'Send',
    sent: 'Sent ✓',
    queued: 'Saved on the phone; it will be sent when the network is back',
    failed_send: 'Not accepted:',
    tried: 'Earlier attempts',
    invalid: 'This link no longer works: ask the shop for a new one.',
    other_language: 'العربية',
  },
} as const

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,"Noto Sans Arabic",Tahoma,sans-serif;background:#faf6ef;color:#1c1917}
header{background:#1f5130;color:#fff;padding:12px 16px;display:flex;justify-content:space-between;align-items:center}
header h1{font-size:18px;margin:0}header a{color:#fff}main{padding:12px}
.card{background:#fff;border:1px solid #e8dfd0;border-radius:12px;padding:12px;margin-bottom:12px}
.n{font-weight:700}.ltr{direction:ltr;unicode-bidi:isolate}.muted{color:#57534e;font-size:14px}
.amount{font-size:20px;font-weight:700;color:#7a4a21;margin:6px 0}
.links{display:flex;gap:8px;margin:8px 0}.links a{flex:1;text-align:center;padding:10px;border-radius:10px;border:1px solid #1f5130;color:#1f5130;text-decoration:none;font-weight:600}
details{border-top:1px solid #e8dfd0;padding-top:8px;margin-top:8px}summary{padding:10px;border-radius:10px;background:#f1ebe0;font-weight:600;cursor:pointer;margin-bottom:6px}
summary.ok{background:#1f5130;color:#fff}label{display:block;font-size:14px;margin:6px 0 2px}
input{width:100%;padding:10px;font-size:16px;border:1px solid #cfc6b6;border-radius:8px}
button{width:100%;margin-top:8px;padding:12px;font-size:16px;border:0;border-radius:10px;background:#1f5130;color:#fff;font-weight:700}
.state{margin-top:8px;font-weight:600}.state.q{color:#7a4a21}.state.e{color:#b42318}.done{opacity:.6}`

/** The page's script: sends each outcome; while offline keeps it in localStorage and sends it when the network returns. */
export const DRIVER_SCRIPT = `(function(){var K='driver-queue:'+location.pathname,T=JSON.parse(document.getElementById('t').textContent);
function q(){try{return JSON.parse(localStorage.getItem(K)||'[]')}catch(e){return[]}}function w(a){localStorage.setItem(K,JSON.stringify(a))}
function mark(id,c,t){var s=document.querySelector('[data-shipment="'+id+'"] .state');if(s){s.className='state '+c;s.textContent=t}
if(c==='')document.querySelector('[data-shipment="'+id+'"]').classList.add('done')}
var busy=false;function flush(){if(busy)return;var a=q();if(!a.length)return;busy=true;var i=a[0];
fetch('/api/driver'+location.pathname.slice(7)+'/shipments/'+i.id,{method:'PATCH',headers:{'content-type':'application/json','accept-language':T.lang},body:JSON.stringify(i.body)})
.then(function(r){if(r.status>=500)throw 0;return r.json().then(function(b){w(q().slice(1));busy=false;
if(r.ok)mark(i.id,'',T.sent);else mark(i.id,'e',T.failed_send+' '+(b.message||r.status));flush()})})
.catch(function(){busy=false;mark(i.id,'q',T.queued)})}
document.addEventListener('submit',function(e){var f=e.target;e.preventDefault();var b={status:f.dataset.status};
if(f.reason)b.reason=f.reason.value;if(f.collected&&f.collected.value!=='')b.collected_amount=f.collected.value;
var a=q();a.push({id:f.dataset.id,body:b});w(a);mark(f.dataset.id,'q',T.queued);flush()});
window.addEventListener('online',flush);setInterval(flush,30000);q().forEach(function(i){mark(i.id,'q',T.queued)});flush()})();`

const mapUrl = (s: Shipment) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([s.customer.address, s.customer.city_name].filter(Boolean).join(', '))}`

function card(s: Shipment, lang: Language, t: (typeof DRIVER_TEXT)[Language]) {
  const money = (v: number) => formatMoney(v, lang === 'en' ? 'LYD' : 'د.ل')
  const form = (status: string, label: string, body: SafeHtml, open = false) =>
    html`<details${open ? new SafeHtml(' open') : ''}>
      <summary${status === 'delivered' ? new SafeHtml(' class="ok"') : ''}>${label}</summary>
      <form data-id="${s.id}" data-status="${status}">${body}<button type="submit">${t.send}</button></form>
    </details>`
  return html`<section class="card" data-shipment="${s.id}">
    <div class="n"><span class="ltr">${s.order_number}</span></div>
    <div>${s.customer.name}</div>
    <div class="muted">${s.customer.address}${s.customer.city_name ? ` · ${s.customer.city_name}` : ''}</div>
    <div class="amount">
      ${s.cod_amount > 0 ? html`${t.collect}: <span class="ltr">${money(s.cod_amount)}</span>` : t.paid}
    </div>
    ${s.attempts > 0 ? html`<div class="muted">${t.tried}: ${s.attempts} · ${s.reason ?? ''}</div>` : ''}
    <div class="links">
      <a href="tel:${s.customer.phone.replace(/[^\d+]/g, '')}"
        >${t.call} <span class="ltr">${s.customer.phone}</span></a
      >
      <a href="${mapUrl(s)}" rel="noopener noreferrer" target="_blank">${t.map}</a>
    </div>
    ${form(
      'delivered',
      t.delivered,
      s.cod_amount > 0
        ? html`<label for="c${s.id}">${t.collected}</label
            ><input
              id="c${s.id}"
              name="collected"
              inputmode="decimal"
              value="${s.cod_amount.toFixed(2)}"
              dir="ltr"
            />`
        : html``,
    )}
    ${form('refused', t.refused, html`<label for="r${s.id}">${t.reason}</label><input id="r${s.id}" name="reason" required />`)}
    ${form('failed_attempt', t.failed, html`<label for="f${s.id}">${t.reason}</label><input id="f${s.id}" name="reason" required />`)}
    <div class="state" aria-live="polite"></div>
  </section>`
}

export function driverPage(
  lang: Language,
  data: { courier: { name: string }; shipments: Shipment[] } | null,
  path: string,
): string {
  const t = DRIVER_TEXT[lang]
  const other = lang === 'ar' ? 'en' : 'ar'
  const body = !data
    ? html`<main><p class="card">${t.invalid}</p></main>`
    : html`<main>
        ${data.shipments.length ? data.shipments.map((s) => card(s, lang, t)) : html`<p class="card">${t.empty}</p>`}
      </main>`
  // The texts the script shows, as JSON in a non-executed block (no inline script: the shop's CSP allows none).
  const texts = JSON.stringify({ lang, sent: t.sent, queued: t.queued, failed_send: t.failed_send }).replace(
    /</g,
    '\\u003c',
  )
  return html`<!doctype html>
    <html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <title>${t.title}${data ? ` · ${data.courier.name}` : ''}</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <header>
          <h1>${t.title}${data ? html` · ${data.courier.name}` : ''}</h1>
          <a href="${path}?lang=${other}" lang="${other}">${t.other_language}</a>
        </header>
        ${body}
        <script type="application/json" id="t">
          ${new SafeHtml(texts)}
        </script>
        <script src="/driver-page.js" defer></script>
      </body>
    </html>`.toString()
}
