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
    too_many: 'This list is too long',
    content_image_missing: 'This picture was not uploaded; upload it again',
    content_product_missing: 'This product does not exist',
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
    order_too_large: 'The order total is too large; lower the quantities',
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
    setting_phone:
      'Enter a Libyan number such as 0912345678, or a foreign one starting with + and its country code',
    setting_currency: 'Enter a three-letter currency code such as LYD',
    setting_timezone: 'Enter a time zone such as Africa/Tripoli',
    setting_number: 'Enter a whole number of 0 or more',
    setting_language: 'Choose ar or en',
    setting_url: 'Enter a full address starting with https://',
    role_invalid: 'Choose a role from the list',
    image_invalid: 'The image must be a JPEG, PNG, WebP, GIF or AVIF picture',
    image_too_many_pixels: 'The image is too large (40 megapixels at most)',
    csv_only: 'Only .csv files can be imported',
    idempotency_key_invalid: 'The Idempotency-Key header must be 8 to 100 letters, digits or - _ : .',
    date_range_too_long: 'Choose a range of 366 days at most',
    category_not_found: 'This category does not exist',
    name_ambiguous: 'Several products have this name; add the id column to choose one',
    sku_invalid: 'Use letters, digits and - _ . / only (64 at most, no spaces)',
    sku_taken: 'Another product already has this SKU',
    pack_amount_invalid: 'Enter a whole number of grams or millilitres (1 or more)',
    tier_quantity_order: 'Each price break needs a larger quantity than the one before it',
    tier_price_order: 'Each price break must be cheaper than the one before it',
    variants_required: 'A product needs at least one size',
    variant_label_required: 'Name this size (for example 1 kg) so shoppers can choose it',
    variant_active_required: 'At least one size must be on sale',
    tiers_invalid:
      'Write each further price break as quantity:price, separated by ; (for example 20:39.00; 50:37.50)',
    variant_not_found: 'This product has no size with this variant_id',
    size_unnamed_sibling:
      'Another size of this product has no name; give it a size in its own row above this one (for example by its sku)',
    image_url_invalid: 'Enter a full address starting with http:// or https://',
    image_url_refused: 'This address is on a private network; use a public address of the picture',
    image_url_unreachable:
      'The picture could not be downloaded from this address (check that it opens in a browser)',
    image_url_not_image: 'This address does not lead to a JPEG, PNG, WebP, GIF or AVIF picture',
    image_url_too_big: 'The picture at this address is too large (5 MB at most)',
    order_number_required: 'Order number is required',
    cancel_reason_required: 'Please tell us why you are cancelling',
    setting_email_list: 'Enter email addresses separated by commas (10 at most)',
    tracking_token_invalid: 'This tracking link is not complete',
    mobile_invalid: 'Enter a Libyan mobile number such as 0912345678',
    sadad_mobile_invalid: 'Sadad works with numbers starting with 091 or 093',
    birth_year_invalid: 'Enter the birth year of the number’s owner, such as 1990',
    otp_invalid: 'Enter the code sent to your phone (digits only)',
    gateway_invalid: 'Choose a payment service from the list',
    setting_exchange_rate:
      'Enter the dinars for one US dollar, between 0.1 and 1000, such as 4.85 (empty turns PayPal off)',
    setting_minutes: 'Enter a whole number of minutes from 5 to 1440',
    setting_return_days: 'Enter a whole number of days from 0 (no returns) to 365',
    setting_limit: 'Enter a whole number from 0 to 10000 (0 means no limit)',
    password_common: 'This is one of the most common passwords and is easy to guess. Choose another',
  },
  errors: {
    VALIDATION_FAILED: 'Some fields are not valid',
    UNAUTHENTICATED: 'Please sign in to continue',
    FORBIDDEN: 'You do not have permission to do this',
    METRICS_FORBIDDEN: 'Metrics can be read only from an allowed address or with the metrics token',
    METRICS_TOKEN_INVALID: 'The metrics token is not valid',
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
    REQUEST_TOO_LARGE: 'The request is too large (1 MB at most)',
    UNSUPPORTED_MEDIA_TYPE: 'This file type is not accepted',
    MISSING_COLUMNS: 'The file is missing required columns',
    CSV_INVALID: 'The file could not be read as UTF-8 CSV',
    CSV_EMPTY: 'The file has no rows',
    TOO_MANY_ROWS:
      'The file has more than {{max}} rows, the most one import takes. Split it into smaller files and import each',
    TOO_MANY_REQUESTS_one: 'Too many attempts. Please try again in 1 minute',
    TOO_MANY_REQUESTS_other: 'Too many attempts. Please try again in {{count}} minutes',
    PENDING_ORDERS_LIMIT_one:
      'This phone number already has an order waiting for our call to confirm it. Please wait for our call, or choose another payment method',
    PENDING_ORDERS_LIMIT_other:
      'This phone number already has {{count}} orders waiting for our call to confirm them. Please wait for our call, or choose another payment method',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly',
    SERVICE_BUSY: 'The shop is very busy right now. Please try again in a few seconds',
    REQUEST_TIMEOUT: 'The request took too long to arrive. Please check your connection and try again',
    BAD_REQUEST: 'The request could not be understood',
    INTERNAL: 'Something went wrong on our side. Please try again',
    CITY_INACTIVE: 'Delivery to this city is not available',
    PRODUCT_UNAVAILABLE: '{{product}} is no longer available',
    LAST_SUPER_ADMIN: 'The last super admin cannot be changed',
    SELF_CHANGE: 'You cannot change your own account here',
    SUPER_ADMIN_ONLY: 'Only a super admin can do this',
    IMPORT_HELP: 'Please download the sample CSV file to see the correct format',
    ROW_ERROR: 'Row {{row}}: {{message}}',
    IMPORT_INTERRUPTED:
      'Not imported: the products changed while this file was being imported. Import the file again to add this row',
    IMPORT_DONE: 'Import finished: {{created}} created, {{updated}} updated, {{errors}} rows with errors',
    ORDER_NOT_PENDING:
      'This order is no longer waiting: it has already been confirmed, completed or cancelled',
    ORDER_NOT_EDITABLE: 'Only pending or processing orders can be edited; this one is {{status}}',
    ORDER_PAID_ONLINE:
      'This order was paid online: refund the payment before changing what was ordered, or place a new order for more',
    ORDER_PAYMENT_OPEN:
      'The customer has started paying this order online; change it once that payment has gone through or failed',
    COD_NOT_AVAILABLE: 'Cash on delivery is not available in {{city}}. Please choose another payment method',
    COD_LIMIT_EXCEEDED:
      'Cash on delivery in {{city}} is available for orders up to {{max}}. Please choose another payment method',
    TRACKING_NOT_FOUND: 'We could not find an order with this number and phone. Check both and try again',
    TRACKING_LINK_EXPIRED: 'This tracking link has ended. Enter your order number and phone to see the order',
    PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not available; choose another one',
    PAYMENT_PROVIDER_UNAVAILABLE:
      'The payment service is not answering. Please try again in a moment or choose another method',
    PAYMENT_REFUSED: 'The payment was refused: {{reason}}',
    PAYMENT_REFUSED_UNKNOWN:
      'The payment service refused the payment. Please check your details or choose another method',
    PAYMENT_NOT_PAYABLE: 'This order is not waiting for a payment',
    PAYMENT_FAILED_WRONG_CODE: 'The code is not correct. Check the text message and type it again',
    PAYMENT_FAILED_CODE_EXPIRED: 'This code is no longer valid. Ask for a new code',
    PAYMENT_FAILED_MOBILE_INVALID:
      'The payment service does not accept this mobile number. Check it, or choose another way to pay',
    PAYMENT_FAILED_BIRTH_YEAR_INVALID: 'The birth year does not match the owner of this number',
    PAYMENT_FAILED_NO_WALLET: 'This number has no account with this payment service',
    PAYMENT_FAILED_INSUFFICIENT_BALANCE: 'There is not enough balance for this payment',
    PAYMENT_FAILED_LIMIT_EXCEEDED:
      'This payment is over the limit of your account. Choose another way to pay',
    PAYMENT_FAILED_ALREADY_PAID: 'This payment was already made; check your order before paying again',
    PAYMENT_FAILED_AMOUNT_REFUSED:
      'The payment service refused the amount. Please try again, or choose another way to pay',
    PAYMENT_FAILED_AMOUNT_MISMATCH:
      'The payment service reported another amount ({{amount}}), so we did not accept the payment. If money was taken from your account, contact us with the order number',
    PAYMENT_FAILED_DECLINED: 'The payment was declined. You were not charged',
    PAYMENT_FAILED_CANCELLED: 'You cancelled this payment',
    PAYMENT_FAILED_SUPERSEDED: 'Replaced by a newer try',
    PAYMENT_FAILED_SWITCHED_TO_CASH: 'You chose to pay on delivery instead',
    PAYMENT_FAILED_EXPIRED: 'The time to pay ran out',
    PAYMENT_FAILED_UNAVAILABLE: 'The payment service did not answer',
    PAYMENT_FAILED_OTHER:
      'The payment service refused the payment. Please check your details or choose another way to pay',
    PAYMENT_IN_PROGRESS: 'This payment is still being confirmed; please wait a moment',
    PAYMENT_AMOUNT_CHANGED: 'The amount to pay is now {{amount}}; please check it and try again',
    PAYMENT_STATUS_LOCKED:
      'The payment status follows the recorded payments: record a collection (Paid) or a refund (Refunded)',
    REFUND_UNSUPPORTED:
      'This payment service cannot refund through the shop; return the money yourself, then set the payment status to Refunded',
    PAYMENT_NOT_REFUNDABLE: 'Only a paid payment can be refunded',
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
    too_many: 'هذه القائمة أطول من المسموح',
    content_image_missing: 'لم تُرفع هذه الصورة؛ ارفعها مرة أخرى',
    content_product_missing: 'هذا المنتج غير موجود',
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
    order_too_large: 'مجموع الطلب كبير جدًا؛ قلّل الكميات',
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
    setting_phone: 'أدخل رقمًا ليبيًا مثل 0912345678، أو رقمًا أجنبيًا يبدأ بـ + ورمز الدولة',
    setting_currency: 'أدخل رمز عملة من ثلاثة أحرف مثل LYD',
    setting_timezone: 'أدخل منطقة زمنية مثل Africa/Tripoli',
    setting_number: 'أدخل عددًا صحيحًا من 0 فأكثر',
    setting_language: 'اختر ar أو en',
    setting_url: 'أدخل عنوانًا كاملًا يبدأ بـ https://',
    role_invalid: 'اختر دورًا من القائمة',
    image_invalid: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP أو GIF أو AVIF',
    image_too_many_pixels: 'الصورة كبيرة جدًا (40 ميغابكسل كحد أقصى)',
    csv_only: 'يمكن استيراد ملفات ‎.csv فقط',
    idempotency_key_invalid: 'يجب أن يتكون مفتاح Idempotency-Key من 8 إلى 100 حرف أو رقم أو - _ : .',
    date_range_too_long: 'اختر مدة لا تزيد عن 366 يومًا',
    category_not_found: 'هذه الفئة غير موجودة',
    name_ambiguous: 'يوجد أكثر من منتج بهذا الاسم؛ أضف عمود id لاختيار أحدها',
    sku_invalid: 'استخدم الحروف والأرقام و - _ . / فقط (64 حرفًا كحد أقصى، بلا مسافات)',
    sku_taken: 'لمنتج آخر رمز SKU نفسه',
    pack_amount_invalid: 'أدخل عدداً صحيحاً من الغرامات أو المليلترات (1 أو أكثر)',
    tier_quantity_order: 'يجب أن تكون كمية كل شريحة سعر أكبر من التي قبلها',
    tier_price_order: 'يجب أن يكون سعر كل شريحة أقل من سعر التي قبلها',
    variants_required: 'يحتاج المنتج إلى حجم واحد على الأقل',
    variant_label_required: 'سمِّ هذا الحجم (مثلاً 1 كغ) ليختاره المتسوق',
    variant_active_required: 'يجب أن يكون حجم واحد على الأقل معروضاً للبيع',
    tiers_invalid: 'اكتب كل شريحة سعر إضافية بالشكل كمية:سعر، وافصل بينها بـ ; (مثلاً 20:39.00; 50:37.50)',
    variant_not_found: 'لا يوجد لهذا المنتج حجم بهذا الرقم variant_id',
    size_unnamed_sibling: 'لهذا المنتج حجم آخر بلا اسم؛ سمِّه في صفه الخاص قبل هذا الصف (مثلاً بواسطة رمز sku)',
    image_url_invalid: 'أدخل عنوانًا كاملًا يبدأ بـ http:// أو https://',
    image_url_refused: 'هذا العنوان على شبكة خاصة؛ استخدم عنوانًا عامًا للصورة',
    image_url_unreachable: 'تعذّر تنزيل الصورة من هذا العنوان (تحقق من أنه يفتح في المتصفح)',
    image_url_not_image: 'هذا العنوان لا يؤدي إلى صورة بصيغة JPEG أو PNG أو WebP أو GIF أو AVIF',
    image_url_too_big: 'الصورة في هذا العنوان كبيرة جدًا (5 ميغابايت كحد أقصى)',
    order_number_required: 'رقم الطلب مطلوب',
    cancel_reason_required: 'يرجى إخبارنا بسبب الإلغاء',
    setting_email_list: 'أدخل عناوين بريد إلكتروني مفصولة بفواصل (10 عناوين كحد أقصى)',
    tracking_token_invalid: 'رابط التتبع هذا غير مكتمل',
    mobile_invalid: 'أدخل رقم هاتف محمول ليبي مثل 0912345678',
    sadad_mobile_invalid: 'خدمة سداد تعمل بالأرقام التي تبدأ بـ 091 أو 093',
    birth_year_invalid: 'أدخل سنة ميلاد صاحب الرقم، مثل 1990',
    otp_invalid: 'أدخل الرمز الذي وصلك على هاتفك (أرقام فقط)',
    gateway_invalid: 'اختر خدمة دفع من القائمة',
    setting_exchange_rate:
      'أدخل عدد الدنانير مقابل دولار أمريكي واحد، بين 0.1 و1000، مثل 4.85 (تركه فارغًا يوقف باي بال)',
    setting_minutes: 'أدخل عددًا صحيحًا من الدقائق من 5 إلى 1440',
    setting_return_days: 'أدخل عددًا صحيحًا من الأيام من 0 (بلا إرجاع) إلى 365',
    setting_limit: 'أدخل عددًا صحيحًا من 0 إلى 10000 (0 يعني بلا حد)',
    password_common: 'كلمة المرور هذه من أكثر كلمات المرور شيوعًا ويسهل تخمينها. اختر غيرها',
  },
  errors: {
    VALIDATION_FAILED: 'بعض الحقول غير صالحة',
    UNAUTHENTICATED: 'يرجى تسجيل الدخول للمتابعة',
    FORBIDDEN: 'ليست لديك صلاحية للقيام بذلك',
    METRICS_FORBIDDEN: 'لا يمكن قراءة المقاييس إلا من عنوان مسموح به أو برمز المقاييس',
    METRICS_TOKEN_INVALID: 'رمز المقاييس غير صالح',
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
    REQUEST_TOO_LARGE: 'الطلب كبير جدًا (1 ميغابايت كحد أقصى)',
    UNSUPPORTED_MEDIA_TYPE: 'نوع الملف غير مقبول',
    MISSING_COLUMNS: 'الملف ينقصه أعمدة مطلوبة',
    CSV_INVALID: 'تعذرت قراءة الملف كملف CSV بترميز UTF-8',
    CSV_EMPTY: 'الملف لا يحتوي على صفوف',
    TOO_MANY_ROWS:
      'في الملف أكثر من {{max}} صف، وهو أكثر ما يقبله الاستيراد الواحد. قسّمه إلى ملفات أصغر واستورد كلًّا منها',
    TOO_MANY_REQUESTS_zero: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد لحظات',
    TOO_MANY_REQUESTS_one: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقة واحدة',
    TOO_MANY_REQUESTS_two: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين',
    TOO_MANY_REQUESTS_few: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد {{count}} دقائق',
    TOO_MANY_REQUESTS_many: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد {{count}} دقيقة',
    TOO_MANY_REQUESTS_other: 'محاولات كثيرة جدًا. حاول مرة أخرى بعد {{count}} دقيقة',
    PENDING_ORDERS_LIMIT_zero: 'لا طلبات تنتظر التأكيد لهذا الرقم',
    PENDING_ORDERS_LIMIT_one: 'لهذا الرقم طلب ينتظر اتصالنا لتأكيده. انتظر اتصالنا أو اختر طريقة دفع أخرى',
    PENDING_ORDERS_LIMIT_two:
      'لهذا الرقم طلبان ينتظران اتصالنا لتأكيدهما. انتظر اتصالنا أو اختر طريقة دفع أخرى',
    PENDING_ORDERS_LIMIT_few:
      'لهذا الرقم {{count}} طلبات تنتظر اتصالنا لتأكيدها. انتظر اتصالنا أو اختر طريقة دفع أخرى',
    PENDING_ORDERS_LIMIT_many:
      'لهذا الرقم {{count}} طلبًا تنتظر اتصالنا لتأكيدها. انتظر اتصالنا أو اختر طريقة دفع أخرى',
    PENDING_ORDERS_LIMIT_other:
      'لهذا الرقم {{count}} طلب تنتظر اتصالنا لتأكيدها. انتظر اتصالنا أو اختر طريقة دفع أخرى',
    SERVICE_UNAVAILABLE: 'الخدمة غير متاحة مؤقتًا. حاول مرة أخرى بعد قليل',
    SERVICE_BUSY: 'المتجر مشغول جدًا الآن. حاول مرة أخرى بعد بضع ثوانٍ',
    REQUEST_TIMEOUT: 'استغرق وصول الطلب وقتًا طويلًا. تحقق من اتصالك وحاول مرة أخرى',
    BAD_REQUEST: 'تعذر فهم الطلب',
    INTERNAL: 'حدث خطأ من جهتنا. حاول مرة أخرى',
    CITY_INACTIVE: 'التوصيل إلى هذه المدينة غير متاح',
    PRODUCT_UNAVAILABLE: 'المنتج {{product}} لم يعد متاحًا',
    LAST_SUPER_ADMIN: 'لا يمكن تغيير آخر مدير عام',
    SELF_CHANGE: 'لا يمكنك تغيير حسابك من هنا',
    SUPER_ADMIN_ONLY: 'هذا الإجراء للمدير العام فقط',
    IMPORT_HELP: 'يرجى تنزيل ملف CSV النموذجي لمعرفة الصيغة الصحيحة',
    ROW_ERROR: 'الصف {{row}}: {{message}}',
    IMPORT_INTERRUPTED:
      'لم يُستورد: تغيّرت المنتجات أثناء استيراد هذا الملف. استورد الملف مرة أخرى لإضافة هذا الصف',
    IMPORT_DONE: 'اكتمل الاستيراد: أُنشئ {{created}}، وحُدّث {{updated}}، و{{errors}} صفوف بها أخطاء',
    ORDER_NOT_PENDING: 'لم يعد هذا الطلب قيد الانتظار: فقد تم تأكيده أو إكماله أو إلغاؤه',
    ORDER_NOT_EDITABLE: 'لا تُعدَّل إلا الطلبات قيد الانتظار أو قيد التجهيز؛ وهذا الطلب {{status}}',
    ORDER_PAID_ONLINE: 'دُفع هذا الطلب إلكترونيًا: استرِدّ المبلغ قبل تغيير محتواه، أو أنشئ طلبًا جديدًا للزيادة',
    ORDER_PAYMENT_OPEN: 'بدأ الزبون دفع هذا الطلب إلكترونيًا؛ عدِّله بعد أن يتم الدفع أو يفشل',
    COD_NOT_AVAILABLE: 'الدفع عند الاستلام غير متاح في {{city}}. يرجى اختيار طريقة دفع أخرى',
    COD_LIMIT_EXCEEDED: 'الدفع عند الاستلام في {{city}} متاح للطلبات حتى {{max}}. يرجى اختيار طريقة دفع أخرى',
    TRACKING_NOT_FOUND: 'لم نجد طلبًا بهذا الرقم وهذا الهاتف. تحقق منهما وحاول مرة أخرى',
    TRACKING_LINK_EXPIRED: 'انتهت صلاحية رابط التتبع هذا. أدخل رقم طلبك وهاتفك لعرضه',
    PAYMENT_METHOD_UNAVAILABLE: 'طريقة الدفع هذه غير متاحة؛ اختر طريقة أخرى',
    PAYMENT_PROVIDER_UNAVAILABLE: 'خدمة الدفع لا تستجيب. حاول مرة أخرى بعد قليل أو اختر طريقة أخرى',
    PAYMENT_REFUSED: 'رُفض الدفع: {{reason}}',
    PAYMENT_REFUSED_UNKNOWN: 'رفضت خدمة الدفع العملية. تحقق من بياناتك أو اختر طريقة أخرى',
    PAYMENT_NOT_PAYABLE: 'هذا الطلب لا ينتظر الدفع',
    PAYMENT_FAILED_WRONG_CODE: 'الرمز غير صحيح. تحقق من الرسالة النصية واكتبه مرة أخرى',
    PAYMENT_FAILED_CODE_EXPIRED: 'هذا الرمز لم يعد صالحًا. اطلب رمزًا جديدًا',
    PAYMENT_FAILED_MOBILE_INVALID: 'خدمة الدفع لا تقبل رقم الهاتف هذا. تحقق منه أو اختر طريقة دفع أخرى',
    PAYMENT_FAILED_BIRTH_YEAR_INVALID: 'سنة الميلاد لا تطابق صاحب هذا الرقم',
    PAYMENT_FAILED_NO_WALLET: 'لا يوجد حساب بهذا الرقم لدى خدمة الدفع هذه',
    PAYMENT_FAILED_INSUFFICIENT_BALANCE: 'الرصيد غير كافٍ لهذا الدفع',
    PAYMENT_FAILED_LIMIT_EXCEEDED: 'هذا الدفع يتجاوز حد حسابك. اختر طريقة دفع أخرى',
    PAYMENT_FAILED_ALREADY_PAID: 'تم هذا الدفع من قبل؛ راجع طلبك قبل الدفع مرة أخرى',
    PAYMENT_FAILED_AMOUNT_REFUSED: 'رفضت خدمة الدفع المبلغ. حاول مرة أخرى أو اختر طريقة دفع أخرى',
    PAYMENT_FAILED_AMOUNT_MISMATCH:
      'أبلغت خدمة الدفع عن مبلغ مختلف ({{amount}})، لذلك لم نقبل الدفع. إذا خُصم مال من حسابك فتواصل معنا برقم الطلب',
    PAYMENT_FAILED_DECLINED: 'رُفض الدفع ولم يُخصم منك شيء',
    PAYMENT_FAILED_CANCELLED: 'ألغيت هذا الدفع',
    PAYMENT_FAILED_SUPERSEDED: 'حلّت محلها محاولة أحدث',
    PAYMENT_FAILED_SWITCHED_TO_CASH: 'اخترت الدفع عند الاستلام بدلًا من ذلك',
    PAYMENT_FAILED_EXPIRED: 'انتهت مهلة الدفع',
    PAYMENT_FAILED_UNAVAILABLE: 'لم تستجب خدمة الدفع',
    PAYMENT_FAILED_OTHER: 'رفضت خدمة الدفع العملية. تحقق من بياناتك أو اختر طريقة دفع أخرى',
    PAYMENT_IN_PROGRESS: 'ما زال تأكيد هذا الدفع جاريًا؛ انتظر قليلًا',
    PAYMENT_AMOUNT_CHANGED: 'أصبح المبلغ المطلوب {{amount}}؛ راجعه وحاول مرة أخرى',
    PAYMENT_STATUS_LOCKED: 'حالة الدفع تتبع المدفوعات المسجلة: سجّل تحصيلًا (مدفوع) أو استردادًا (مسترد)',
    REFUND_UNSUPPORTED:
      'لا تتيح خدمة الدفع هذه الاسترداد من خلال المتجر؛ أعد المبلغ بنفسك ثم اجعل حالة الدفع «مسترد»',
    PAYMENT_NOT_REFUNDABLE: 'لا يمكن استرداد إلا دفعة مدفوعة',
  },
}

export const messages: Record<Language, Messages> = { ar, en }

/** i18next's plural suffixes: Arabic has all six, English `_one` and `_other`. */
export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const

/**
 * A counted text the way i18next picks it (so the API and the web read alike): `name_<category>` for `count` by the
 * language's plural rules (Arabic: 0, 1, 2, 3–10, 11–99, 100+), then `name_other`, then `name`.
 */
function pluralText(
  lang: Language,
  table: Record<string, string>,
  name: string,
  count: string | number | undefined,
): string | undefined {
  if (typeof count !== 'number') return table[name] ?? table[`${name}_other`]
  const category = count === 0 && table[`${name}_zero`] ? 'zero' : new Intl.PluralRules(lang).select(count)
  return table[`${name}_${category}`] ?? table[`${name}_other`] ?? table[name]
}

/** Resolves "validation.x" / "errors.Y" with {{param}} interpolation; unknown keys come back unchanged. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const [group, name] = key.split('.', 2) as [string, string | undefined]
  const table = group === 'validation' || group === 'errors' ? messages[lang][group] : undefined
  const text = name !== undefined && table ? pluralText(lang, table, name, params?.count) : undefined
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
