// Texts of the keys that both sides produce: zod validation keys (validation.*) and API error codes (errors.*).
// The API answers in the language of Accept-Language; the web loads the same texts into i18next.
export const LANGUAGES = ['ar', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'ar'

type Messages = { validation: Record<string, string>; errors: Record<string, string> }

const en: Messages = {
  validation: {
    invalid: 'Invalid value',
    required: 'This field is required',
    email_invalid: 'Invalid email address',
    password_min_6: 'Password must be at least 6 characters',
    password_min_8: 'Password must be at least 8 characters',
    password_max: 'Password is too long',
    password_confirmation_required: 'Password confirmation is required',
    passwords_dont_match: "Passwords don't match",
    current_password_required: 'Current password is required',
    token_required: 'Token is required',
    name_required: 'Name is required',
    name_min_2: 'Name must be at least 2 characters',
    too_long: 'This text is too long',
    description_required: 'Description is required',
    category_required: 'Category is required',
    price_required: 'Price is required',
    price_invalid: 'Enter an amount such as 12.50',
    price_min_0: 'The amount cannot be negative',
    wholesale_below_retail: 'The wholesale price must be below the retail price',
    wholesale_threshold_required: 'A wholesale price needs a minimum quantity of 2 or more',
    threshold_min_2: 'The wholesale minimum quantity must be 2 or more',
    stock_invalid: 'Stock must be a whole number of 0 or more',
    delivery_price_required: 'Delivery price is required',
    first_name_required: 'First name is required',
    last_name_required: 'Last name is required',
    phone_required: 'Phone number is required',
    phone_invalid: 'Enter a valid phone number',
    address_required: 'Address is required',
    city_required: 'City is required',
    state_required: 'State is required',
    whatsapp_required: 'WhatsApp number is required',
    payment_method_invalid: 'Choose cash, Massarat or PayPal',
    items_required: 'The cart is empty',
    quantity_invalid: 'Quantity must be a whole number of 1 or more',
    quantity_too_large: 'Quantity is too large',
    status_invalid: 'Choose a status from the list',
    date_invalid: 'Use a date in the form YYYY-MM-DD',
    date_range_invalid: 'The start date must not be after the end date',
    page_invalid: 'Page must be a whole number of 1 or more',
    per_page_invalid: 'Page size must be between 1 and 100',
    id_invalid: 'The id must be a whole number',
    boolean_invalid: 'Must be true or false',
    message_required: 'Message is required',
    value_required: 'A value is required',
    setting_email: 'Enter a valid email address',
    setting_phone: 'Enter a valid phone number',
    setting_currency: 'Enter a three-letter currency code such as LYD',
    setting_timezone: 'Enter a time zone such as Africa/Tripoli',
    setting_number: 'Enter a whole number of 0 or more',
    setting_language: 'Choose ar or en',
    setting_url: 'Enter a full address starting with https://',
    role_invalid: 'Choose a role from the list',
    image_invalid: 'The image must be a JPEG, PNG, WebP, GIF or AVIF picture',
    csv_only: 'Only .csv files can be imported',
  },
  errors: {
    VALIDATION_FAILED: 'Some fields are not valid',
    UNAUTHENTICATED: 'Please sign in to continue',
    FORBIDDEN: 'You do not have permission to do this',
    NOT_FOUND: 'Not found',
    ROUTE_NOT_FOUND: 'This address does not exist',
    CONFLICT: 'This conflicts with existing data',
    OUT_OF_STOCK: 'Not enough stock for {{product}} (available: {{available}})',
    CATEGORY_IN_USE: 'This category has products and cannot be deleted',
    EMAIL_TAKEN: 'This email is already registered',
    CITY_TAKEN: 'A city with this name already exists',
    CATEGORY_TAKEN: 'A category with this name already exists',
    INVALID_CREDENTIALS: 'The email or password is incorrect',
    ACCOUNT_DISABLED: 'This account has been deactivated',
    INVALID_RESET_TOKEN: 'This reset link is invalid or has expired',
    WRONG_PASSWORD: 'The current password is incorrect',
    IDEMPOTENCY_MISMATCH: 'This order key was already used for a different order',
    PRICE_CHANGED: 'Some prices have changed; please review your cart',
    PAYLOAD_TOO_LARGE: 'The file is too large (5 MB at most)',
    UNSUPPORTED_MEDIA_TYPE: 'This file type is not accepted',
    MISSING_COLUMNS: 'The file is missing required columns',
    CSV_INVALID: 'The file could not be read as UTF-8 CSV',
    CSV_EMPTY: 'The file has no rows',
    TOO_MANY_REQUESTS: 'Too many attempts. Please try again in {{minutes}} minutes',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly',
    BAD_REQUEST: 'The request could not be understood',
    INTERNAL: 'Something went wrong on our side. Please try again',
    CITY_INACTIVE: 'Delivery to this city is not available',
    PRODUCT_UNAVAILABLE: '{{product}} is no longer available',
    LAST_SUPER_ADMIN: 'The last super admin cannot be changed',
    SELF_CHANGE: 'You cannot change your own account here',
    SUPER_ADMIN_ONLY: 'Only a super admin can do this',
    IMPORT_HELP: 'Please download the sample CSV file to see the correct format',
    ROW_ERROR: 'Row {{row}}: {{message}}',
  },
}

const ar: Messages = {
  validation: {
    invalid: 'قيمة غير صالحة',
    required: 'هذا الحقل مطلوب',
    email_invalid: 'البريد الإلكتروني غير صالح',
    password_min_6: 'يجب أن تتكون كلمة المرور من 6 أحرف على الأقل',
    password_min_8: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
    password_max: 'كلمة المرور طويلة جدًا',
    password_confirmation_required: 'تأكيد كلمة المرور مطلوب',
    passwords_dont_match: 'كلمتا المرور غير متطابقتين',
    current_password_required: 'كلمة المرور الحالية مطلوبة',
    token_required: 'رمز إعادة التعيين مطلوب',
    name_required: 'الاسم مطلوب',
    name_min_2: 'يجب أن يتكون الاسم من حرفين على الأقل',
    too_long: 'هذا النص طويل جدًا',
    description_required: 'الوصف مطلوب',
    category_required: 'الفئة مطلوبة',
    price_required: 'السعر مطلوب',
    price_invalid: 'أدخل مبلغًا مثل 12.50',
    price_min_0: 'لا يمكن أن يكون المبلغ سالبًا',
    wholesale_below_retail: 'يجب أن يكون سعر الجملة أقل من سعر التجزئة',
    wholesale_threshold_required: 'سعر الجملة يحتاج حدًا أدنى للكمية لا يقل عن 2',
    threshold_min_2: 'يجب ألا يقل الحد الأدنى لكمية الجملة عن 2',
    stock_invalid: 'يجب أن يكون المخزون عددًا صحيحًا من 0 فأكثر',
    delivery_price_required: 'سعر التوصيل مطلوب',
    first_name_required: 'الاسم الأول مطلوب',
    last_name_required: 'اسم العائلة مطلوب',
    phone_required: 'رقم الهاتف مطلوب',
    phone_invalid: 'أدخل رقم هاتف صحيحًا',
    address_required: 'العنوان مطلوب',
    city_required: 'المدينة مطلوبة',
    state_required: 'المنطقة مطلوبة',
    whatsapp_required: 'رقم واتساب مطلوب',
    payment_method_invalid: 'اختر الدفع نقدًا أو مصارات أو باي بال',
    items_required: 'السلة فارغة',
    quantity_invalid: 'يجب أن تكون الكمية عددًا صحيحًا من 1 فأكثر',
    quantity_too_large: 'الكمية كبيرة جدًا',
    status_invalid: 'اختر حالة من القائمة',
    date_invalid: 'استخدم تاريخًا بالشكل YYYY-MM-DD',
    date_range_invalid: 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية',
    page_invalid: 'يجب أن يكون رقم الصفحة عددًا صحيحًا من 1 فأكثر',
    per_page_invalid: 'يجب أن يكون حجم الصفحة بين 1 و100',
    id_invalid: 'يجب أن يكون المعرّف عددًا صحيحًا',
    boolean_invalid: 'يجب أن تكون القيمة true أو false',
    message_required: 'الرسالة مطلوبة',
    value_required: 'القيمة مطلوبة',
    setting_email: 'أدخل بريدًا إلكترونيًا صحيحًا',
    setting_phone: 'أدخل رقم هاتف صحيحًا',
    setting_currency: 'أدخل رمز عملة من ثلاثة أحرف مثل LYD',
    setting_timezone: 'أدخل منطقة زمنية مثل Africa/Tripoli',
    setting_number: 'أدخل عددًا صحيحًا من 0 فأكثر',
    setting_language: 'اختر ar أو en',
    setting_url: 'أدخل عنوانًا كاملًا يبدأ بـ https://',
    role_invalid: 'اختر دورًا من القائمة',
    image_invalid: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP أو GIF أو AVIF',
    csv_only: 'يمكن استيراد ملفات ‎.csv فقط',
  },
  errors: {
    VALIDATION_FAILED: 'بعض الحقول غير صالحة',
    UNAUTHENTICATED: 'يرجى تسجيل الدخول للمتابعة',
    FORBIDDEN: 'ليست لديك صلاحية للقيام بذلك',
    NOT_FOUND: 'غير موجود',
    ROUTE_NOT_FOUND: 'هذا العنوان غير موجود',
    CONFLICT: 'يتعارض هذا مع بيانات موجودة',
    OUT_OF_STOCK: 'الكمية المتوفرة من {{product}} غير كافية (المتوفر: {{available}})',
    CATEGORY_IN_USE: 'هذه الفئة تحتوي على منتجات ولا يمكن حذفها',
    EMAIL_TAKEN: 'هذا البريد الإلكتروني مسجل مسبقًا',
    CITY_TAKEN: 'توجد مدينة بهذا الاسم مسبقًا',
    CATEGORY_TAKEN: 'توجد فئة بهذا الاسم مسبقًا',
    INVALID_CREDENTIALS: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    ACCOUNT_DISABLED: 'تم إيقاف هذا الحساب',
    INVALID_RESET_TOKEN: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
    WRONG_PASSWORD: 'كلمة المرور الحالية غير صحيحة',
    IDEMPOTENCY_MISMATCH: 'استُخدم مفتاح الطلب هذا لطلب مختلف',
    PRICE_CHANGED: 'تغيرت بعض الأسعار، يرجى مراجعة السلة',
    PAYLOAD_TOO_LARGE: 'الملف كبير جدًا (5 ميغابايت كحد أقصى)',
    UNSUPPORTED_MEDIA_TYPE: 'نوع الملف غير مقبول',
    MISSING_COLUMNS: 'الملف ينقصه أعمدة مطلوبة',
    CSV_INVALID: 'تعذرت قراءة الملف كملف CSV بترميز UTF-8',
    CSV_EMPTY: 'الملف لا يحتوي على صفوف',
    TOO_MANY_REQUESTS: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد {{minutes}} دقيقة',
    SERVICE_UNAVAILABLE: 'الخدمة غير متاحة مؤقتًا. حاول مرة أخرى بعد قليل',
    BAD_REQUEST: 'تعذر فهم الطلب',
    INTERNAL: 'حدث خطأ من جهتنا. حاول مرة أخرى',
    CITY_INACTIVE: 'التوصيل إلى هذه المدينة غير متاح',
    PRODUCT_UNAVAILABLE: 'المنتج {{product}} لم يعد متاحًا',
    LAST_SUPER_ADMIN: 'لا يمكن تغيير آخر مدير عام',
    SELF_CHANGE: 'لا يمكنك تغيير حسابك من هنا',
    SUPER_ADMIN_ONLY: 'هذا الإجراء للمدير العام فقط',
    IMPORT_HELP: 'يرجى تنزيل ملف CSV النموذجي لمعرفة الصيغة الصحيحة',
    ROW_ERROR: 'الصف {{row}}: {{message}}',
  },
}

export const messages: Record<Language, Messages> = { ar, en }

/** Resolves "validation.x" / "errors.Y" with {{param}} interpolation; unknown keys come back unchanged. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const [group, name] = key.split('.', 2) as [string, string | undefined]
  const table = group === 'validation' || group === 'errors' ? messages[lang][group] : undefined
  const text = name !== undefined && table ? table[name] : undefined
  if (text === undefined) return key
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? '')) : text
}

/** Picks ar or en from an Accept-Language header (ar is the default). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE
  const parts = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';')
      const q = rest.find((r) => r.trim().startsWith('q='))
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 }
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const p of parts) if (p.tag === 'ar' || p.tag === 'en') return p.tag
  return DEFAULT_LANGUAGE
}
