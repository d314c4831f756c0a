/**
 * The one inline script of every page (root.tsx puts it in <head> with the response's CSP nonce). It runs before
 * anything is drawn and does two small things the app's script cannot, because it arrives later:
 *
 * 1. Language (decision 0032). The server renders in the `language` cookie's language. A page opened with `?lang=`
 *    makes that language the saved one (the server has set the cookie). If this browser saved another language than
 *    the page was rendered in (its cookie was cleared), the cookie is set again and the page reloads once, before a
 *    first paint in the wrong language.
 * 2. Early taps (decision 0031). A button tapped after the page is drawn but before React has taken it over
 *    (hydration) would do nothing: the tap is held (the button is remembered, its default action stopped) and
 *    replayed by releaseEarlyTaps() as soon as the app has hydrated. Links work as plain links meanwhile.
 */
export const EARLY_SCRIPT = `(function(){var d=document,h=d.documentElement,w=window,taps=w.__shopTaps=[];
try{var asked=new URL(location.href).searchParams.get('lang'),saved=localStorage.getItem('language'),served=h.lang;
if(asked==='ar'||asked==='en'){localStorage.setItem('language',served)}
else if((saved==='ar'||saved==='en')&&saved!==served&&!sessionStorage.getItem('shop-lang-reload')){
d.cookie='language='+saved+'; path=/; max-age=31536000; samesite=lax';
if(d.cookie.indexOf('language='+saved)>=0){sessionStorage.setItem('shop-lang-reload','1');location.reload();return}}
else{sessionStorage.removeItem('shop-lang-reload')}}catch(e){}
d.addEventListener('click',function(e){if(w.__shopHydrated)return;var b=e.target&&e.target.closest&&e.target.closest('button');
if(!b||b.disabled)return;e.preventDefault();e.stopPropagation();if(taps.indexOf(b)<0)taps.push(b)},true)})()`

declare global {
  interface Window {
    __shopTaps?: HTMLButtonElement[]
    __shopHydrated?: boolean
  }
}

/** The app has hydrated: taps from now on are React's; the ones held before are replayed, in order. */
export function releaseEarlyTaps() {
  if (window.__shopHydrated) return
  window.__shopHydrated = true
  for (const button of (window.__shopTaps ?? []).splice(0))
    if (button.isConnected && !button.disabled) button.click()
}
