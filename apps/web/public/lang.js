// Sets <html lang dir> from the saved language before the first paint (SPEC §1: ar default, rtl).
;(function () {
  try {
    var lang = localStorage.getItem('language') === 'en' ? 'en' : 'ar'
    document.documentElement.lang = lang
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr'
  } catch {
    // storage blocked: keep the Arabic default
  }
})()
