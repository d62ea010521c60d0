import type { Language } from './language.js';

/**
 * Hindi for the messages people meet (issue 26): field messages of the sign-up, login and order
 * forms, refusals of login, codes, orders, stock and uploads, and "not found". Keyed by the English
 * text exactly as the API sends it; `{name}` stands for a part that varies (a number, a field's
 * label, a wait). A message without an entry stays English. Every key must still be an English text
 * of the code: messages-hi.test.ts in the API fails when an English text changes and its key does not.
 */
export const HINDI_MESSAGES: Readonly<Record<string, string>> = {
  // Every form (zod.ts, the error handler)
  Required: 'ज़रूरी है',
  'Unknown field {keys}': 'अनजान फ़ील्ड {keys}',
  'Invalid value': 'यह मान सही नहीं है',
  'Must be a valid id': 'सही आईडी होनी चाहिए',
  'Something went wrong': 'कुछ गड़बड़ हो गई',
  'You must be 18 or older to use Revuhub':
    'Revuhub इस्तेमाल करने के लिए आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए',

  // Field labels, filled into "{label} is required" and the like
  Name: 'नाम',
  Address: 'पता',
  Brand: 'ब्रांड',
  Category: 'श्रेणी',
  'Sub-category': 'उप-श्रेणी',
  City: 'शहर',
  State: 'राज्य',
  Country: 'देश',
  'Company name': 'कंपनी का नाम',
  'Store name': 'स्टोर का नाम',
  'House number': 'मकान नंबर',
  Street: 'गली',
  Landmark: 'लैंडमार्क',
  'Link name': 'लिंक का नाम',
  Model: 'मॉडल',
  Size: 'साइज़',
  '{label} is required': '{label} ज़रूरी है',
  '{label} is too long': '{label} बहुत लंबा है',

  // Login, password, session
  'E-mail is required': 'ई-मेल ज़रूरी है',
  'E-mail is too long': 'ई-मेल बहुत लंबा है',
  'Password is required': 'पासवर्ड ज़रूरी है',
  'Password is too long': 'पासवर्ड बहुत लंबा है',
  'Password must be at least {min} characters': 'पासवर्ड में कम से कम {min} अक्षर होने चाहिए',
  'Password must be at most {max} characters': 'पासवर्ड में ज़्यादा से ज़्यादा {max} अक्षर हो सकते हैं',
  'This password is too common, choose another one': 'यह पासवर्ड बहुत आम है, कोई दूसरा चुनें',
  'Current password is required': 'मौजूदा पासवर्ड ज़रूरी है',
  'Current password is wrong': 'मौजूदा पासवर्ड गलत है',
  'Choose a password different from the current one': 'मौजूदा पासवर्ड से अलग कोई पासवर्ड चुनें',
  'Invalid e-mail or password': 'ई-मेल या पासवर्ड गलत है',
  'Too many login attempts. Try again in {when}.': 'लॉग इन की बहुत ज़्यादा कोशिशें हुईं। {when} बाद फिर कोशिश करें।',
  '{n} seconds': '{n} सेकंड',
  '{n} minutes': '{n} मिनट',
  'Please log in to continue': 'आगे बढ़ने के लिए लॉग इन करें',
  'Please log in again': 'कृपया फिर से लॉग इन करें',
  'You are not allowed to do this': 'आपको यह करने की अनुमति नहीं है',
  'You are not authorized!': 'आपको इसकी अनुमति नहीं है!',
  'Choose a new password first: the one-time password works only for that.':
    'पहले नया पासवर्ड चुनें: एक बार वाला पासवर्ड सिर्फ़ इसी काम आता है।',
  'Your one-time password has expired after {days} days. Use "Forgot password?" to get a new one.':
    'आपका एक बार वाला पासवर्ड {days} दिन बाद बेकार हो गया है। नया पासवर्ड पाने के लिए "पासवर्ड भूल गए?" चुनें।',
  'This account no longer exists': 'यह खाता अब मौजूद नहीं है',
  'No account with this e-mail': 'इस ई-मेल से कोई खाता नहीं है',
  'Enter your password': 'अपना पासवर्ड डालें',

  // Privacy requests without a password (privacy.ts)
  'Enter the e-mail or mobile you used': 'वही ई-मेल या मोबाइल नंबर डालें जो आपने इस्तेमाल किया था',
  'Enter an e-mail or a 10-digit mobile': 'ई-मेल या 10 अंकों का मोबाइल नंबर डालें',
  'Choose what happens to your posts and queries': 'चुनें कि आपकी पोस्ट और सवालों का क्या होगा',

  // Codes sent to a contact
  'Enter the 6-digit code': '6 अंकों का कोड डालें',
  'This code is wrong. Check the message and try again.': 'यह कोड गलत है। संदेश देखकर फिर कोशिश करें।',
  'This code has expired or was tried too often. Ask for a new code.':
    'इस कोड की समय-सीमा खत्म हो गई है या इसे बहुत बार आज़माया जा चुका है। नया कोड मँगाएँ।',
  'This code is wrong or has expired. Check the message or ask for a new code.':
    'यह कोड गलत है या इसकी समय-सीमा खत्म हो गई है। संदेश देखें या नया कोड मँगाएँ।',
  'This account is already verified. Log in with the password we sent.':
    'यह खाता पहले ही सत्यापित है। हमारे भेजे पासवर्ड से लॉग इन करें।',
  'No application with this id': 'इस आईडी का कोई आवेदन नहीं है',
  'Too many codes asked for. Try again in an hour.': 'बहुत ज़्यादा कोड मँगाए गए। एक घंटे बाद फिर कोशिश करें।',
  'Too many codes sent to this contact. Try again in an hour.':
    'इस संपर्क पर बहुत ज़्यादा कोड भेजे गए। एक घंटे बाद फिर कोशिश करें।',
  'Too many codes sent to this contact today. Try again tomorrow.':
    'आज इस संपर्क पर बहुत ज़्यादा कोड भेजे गए। कल फिर कोशिश करें।',
  'Too many codes asked for from this network. Try again later.':
    'इस नेटवर्क से बहुत ज़्यादा कोड मँगाए गए। थोड़ी देर बाद फिर कोशिश करें।',
  'Too many requests, try again in {after}': 'बहुत ज़्यादा अनुरोध आए, थोड़ी देर बाद फिर कोशिश करें',
  'We could not send the message now, try again in a few minutes':
    'अभी संदेश नहीं भेजा जा सका, कुछ मिनट बाद फिर कोशिश करें',

  // Sign-up forms
  'Name is required': 'नाम ज़रूरी है',
  'Name is too long': 'नाम बहुत लंबा है',
  'Enter a valid e-mail address': 'सही ई-मेल पता डालें',
  'Enter a {digits}-digit contact number': '{digits} अंकों का संपर्क नंबर डालें',
  'Enter a {digits}-digit pincode': '{digits} अंकों का पिनकोड डालें',
  'Choose your state': 'अपना राज्य चुनें',
  'Choose your city': 'अपना शहर चुनें',
  'Brand name is required': 'ब्रांड का नाम ज़रूरी है',
  'Brand name is too long': 'ब्रांड का नाम बहुत लंबा है',
  'Website is required': 'वेबसाइट ज़रूरी है',
  'Website is too long': 'वेबसाइट का पता बहुत लंबा है',
  'Enter a valid website address': 'सही वेबसाइट पता डालें',
  'Enter a valid PAN, e.g. ABCDE1234F': 'सही PAN डालें, जैसे ABCDE1234F',
  'Enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1Z5': '15 अक्षरों का सही GSTIN डालें, जैसे 29ABCDE1234F1Z5',
  'Choose at least one category': 'कम से कम एक श्रेणी चुनें',
  'Choose the business type': 'व्यवसाय का प्रकार चुनें',
  'Choose what you sell': 'चुनें कि आप क्या बेचते हैं',
  'Choose your education': 'अपनी शिक्षा चुनें',
  'Choose your expertise': 'अपनी विशेषज्ञता चुनें',
  'Enter the years of experience': 'अनुभव के साल डालें',
  'Enter whole years': 'पूरे साल डालें',
  'Enter a year': 'साल डालें',
  'Enter a year from 1800': '1800 या उसके बाद का साल डालें',
  'Enter the year of establishment': 'स्थापना का साल डालें',
  'The year cannot be in the future': 'साल आगे के समय का नहीं हो सकता',
  'Use letters, spaces, apostrophes, hyphens, periods or & only':
    'सिर्फ़ अक्षर, खाली जगह, अपॉस्ट्रॉफ़ी, हाइफ़न, पूर्ण विराम या & लिखें',
  'Share your store location': 'अपने स्टोर की लोकेशन बताएँ',

  // Orders, checkout, stock
  'Quantity must be a whole number': 'मात्रा पूरी संख्या होनी चाहिए',
  'Quantity must be greater than 0': 'मात्रा 0 से ज़्यादा होनी चाहिए',
  'Quantity is too large': 'मात्रा बहुत ज़्यादा है',
  'Not enough stock for this quantity': 'इतनी मात्रा के लिए स्टॉक नहीं है',
  'You already have orders waiting for payment. Pay or cancel one of them, or try again in a few minutes':
    'आपके कुछ ऑर्डर पहले से भुगतान की राह देख रहे हैं। उनमें से किसी का भुगतान करें या उसे रद्द करें, या कुछ मिनट बाद फिर कोशिश करें',
  'At most {units} of one product can wait for payment at a time. Pay for the order you have, then order more':
    'एक समय में एक उत्पाद के ज़्यादा से ज़्यादा {units} नग भुगतान की राह देख सकते हैं। पहले मौजूदा ऑर्डर का भुगतान करें, फिर और ऑर्डर करें',
  'The link to this order is on its way to the e-mail and mobile number given at checkout':
    'इस ऑर्डर का लिंक चेकआउट पर दिए गए ई-मेल और मोबाइल नंबर पर भेजा जा रहा है',
  'The link to this order was sent a few minutes ago. Please check your messages':
    'इस ऑर्डर का लिंक कुछ मिनट पहले भेजा गया था। कृपया अपने संदेश देखें',
  'Seller Account not activated!!': 'विक्रेता का खाता सक्रिय नहीं है!!',
  'Order not found': 'ऑर्डर नहीं मिला',
  'Product not found': 'उत्पाद नहीं मिला',
  'Store not found': 'स्टोर नहीं मिला',
  'Seller not found': 'विक्रेता नहीं मिला',
  'Your store was not found': 'आपका स्टोर नहीं मिला',
  'The order changed meanwhile; reload and try again': 'इस बीच ऑर्डर बदल गया; पेज फिर से खोलकर कोशिश करें',
  'The price changed just now; please review it and order again':
    'कीमत अभी-अभी बदली है; कृपया उसे देखकर फिर से ऑर्डर करें',
  'This order was closed and its stock released; please order again':
    'यह ऑर्डर बंद हो गया और उसका स्टॉक छोड़ दिया गया; कृपया फिर से ऑर्डर करें',
  'This order is already paid': 'इस ऑर्डर का भुगतान हो चुका है',
  'This order is paid in cash on delivery': 'इस ऑर्डर का भुगतान डिलीवरी पर नकद होगा',
  'This order needs no payment': 'इस ऑर्डर के लिए भुगतान की ज़रूरत नहीं है',
  'This order is not for your products': 'यह ऑर्डर आपके उत्पादों का नहीं है',
  'A tagged product is no longer available': 'टैग किया गया एक उत्पाद अब उपलब्ध नहीं है',
  'Business orders are for sellers. Apply as a retailer to buy at wholesale prices.':
    'व्यावसायिक ऑर्डर विक्रेताओं के लिए हैं। थोक दाम पर ख़रीदने के लिए रिटेलर के रूप में आवेदन करें।',
  'Your number was confirmed too long ago. Validate it again to order at wholesale prices.':
    'आपके नंबर की पुष्टि बहुत पहले हुई थी। थोक दाम पर ऑर्डर करने के लिए उसे फिर से पुष्ट करें।',
  'The buyer has not confirmed their number yet: this business order ships once they enter the code sent to their seller account.':
    'ख़रीदार ने अभी अपना नंबर पुष्ट नहीं किया है: यह व्यावसायिक ऑर्डर तब भेजा जाएगा जब वे अपने विक्रेता खाते पर भेजा गया कोड लिखेंगे।',
  'No seller account with this number': 'इस नंबर का कोई विक्रेता खाता नहीं है',
  'Could not create the buyer account, please try again': 'खरीदार का खाता नहीं बन सका, कृपया फिर कोशिश करें',

  // Cancelling, refunding and dispatching an order (refunds.ts, orders.ts, delivery.ts)
  'Give a reason': 'कारण बताएँ',
  'Give a reason of at least 3 characters': 'कम से कम 3 अक्षरों में कारण बताएँ',
  'Keep the reason under 500 characters': 'कारण 500 अक्षरों से कम में लिखें',
  'Enter an amount in rupees, like 499 or 499.50': 'रुपये में राशि डालें, जैसे 499 या 499.50',
  'Enter an amount above ₹0': '₹0 से ज़्यादा की राशि डालें',
  'Use at most two decimals (paise)': 'दशमलव के बाद ज़्यादा से ज़्यादा दो अंक (पैसे) लिखें',
  'The amount is too large': 'राशि बहुत ज़्यादा है',
  'At most {amount} can still be refunded': 'अब ज़्यादा से ज़्यादा {amount} ही रिफ़ंड किए जा सकते हैं',
  'Everything paid has been refunded already': 'जितना भुगतान हुआ था, वह सब पहले ही रिफ़ंड हो चुका है',
  'This order has been dispatched and can no longer be cancelled':
    'यह ऑर्डर भेजा जा चुका है, अब इसे रद्द नहीं किया जा सकता',
  'This order is already cancelled': 'यह ऑर्डर पहले ही रद्द हो चुका है',
  'Until an order of yours has been delivered, cash on delivery is for one item at a time. Pay online for more':
    'जब तक आपका कोई ऑर्डर डिलीवर नहीं हो जाता, कैश ऑन डिलीवरी एक बार में एक ही सामान के लिए है। ज़्यादा के लिए ऑनलाइन भुगतान करें',
  'Cash on delivery is for up to {units} items per order at this store. Order fewer, or pay online':
    'इस स्टोर पर कैश ऑन डिलीवरी एक ऑर्डर में ज़्यादा से ज़्यादा {units} सामान के लिए है। कम मँगाएँ, या ऑनलाइन भुगतान करें',
  'Cash on delivery is for up to 1 item per order at this store. Order fewer, or pay online':
    'इस स्टोर पर कैश ऑन डिलीवरी एक ऑर्डर में एक ही सामान के लिए है। कम मँगाएँ, या ऑनलाइन भुगतान करें',
  'This store has as many cash-on-delivery orders of this product waiting as it takes. Pay online, or try again once the seller has accepted them':
    'इस स्टोर के पास इस उत्पाद के जितने कैश-ऑन-डिलीवरी ऑर्डर वह ले सकता है, उतने पहले से मंज़ूरी की राह देख रहे हैं। ऑनलाइन भुगतान करें, या विक्रेता के उन्हें मंज़ूर करने के बाद फिर कोशिश करें',
  'This order was not accepted within {hours} hours and was cancelled':
    'यह ऑर्डर {hours} घंटे के भीतर स्वीकार नहीं हुआ और रद्द हो गया',
  'The seller did not accept it within {hours} hours': 'विक्रेता ने इसे {hours} घंटे के भीतर स्वीकार नहीं किया',
  'Your store is in {state}: its tax invoices carry state code {code} and a GSTIN registered in {state}':
    'आपका स्टोर {state} में है: उसके टैक्स इनवॉइस पर राज्य कोड {code} और {state} में पंजीकृत GSTIN होता है',
  'This GSTIN is already registered to another seller on Revuhub':
    'यह GSTIN Revuhub पर पहले से किसी दूसरे विक्रेता के नाम दर्ज है',
  'Enter the PAN your GSTIN is registered to': 'वह PAN डालें जिसके नाम आपका GSTIN पंजीकृत है',
  "This PAN is not the GSTIN's: characters 3 to 12 of a GSTIN are the PAN it is registered to":
    'यह PAN इस GSTIN का नहीं है: GSTIN के तीसरे से बारहवें अक्षर उसी PAN के होते हैं जिसके नाम वह पंजीकृत है',
  'This order opens from the link in its confirmation message, or when you sign in as its buyer':
    'यह ऑर्डर उसके पुष्टि संदेश के लिंक से खुलता है, या जब आप इसके खरीदार के रूप में लॉग इन करें',
  'This order was closed unpaid and its stock released; there is nothing to cancel':
    'यह ऑर्डर बिना भुगतान के बंद हो गया और उसका स्टॉक छोड़ दिया गया; रद्द करने को कुछ नहीं है',
  'This order has no payment to refund': 'इस ऑर्डर में रिफ़ंड करने लायक कोई भुगतान नहीं है',
  'Only the buyer can cancel this order here': 'यहाँ से यह ऑर्डर सिर्फ़ ख़रीदार रद्द कर सकता है',
  "A courier's name is at most {max} characters": 'कूरियर का नाम ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है',
  "A courier's name cannot contain < > { or }": 'कूरियर के नाम में < > { या } नहीं हो सकते',
  'A tracking number is at most {max} characters': 'ट्रैकिंग नंबर ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है',
  'A tracking number has only letters, digits and hyphens': 'ट्रैकिंग नंबर में सिर्फ़ अक्षर, अंक और हाइफ़न हो सकते हैं',
  'Enter the payout’s reference (UTR or UPI transaction id), 4 to 40 letters and digits':
    'भुगतान का रेफ़रेंस (UTR या UPI ट्रांज़ैक्शन आईडी) डालें, 4 से 40 अक्षर और अंक',

  // Not found
  'No route for {method} {path}': 'इस पते पर कुछ नहीं मिला: {method} {path}',
  'This post does not exist or was removed': 'यह पोस्ट मौजूद नहीं है या हटा दी गई है',
  'This query does not exist': 'यह सवाल मौजूद नहीं है',

  // Uploads
  'Unsupported file type: upload an image (JPEG, PNG, WebP), a video (MP4, MOV) or a PDF':
    'यह फ़ाइल नहीं चलेगी: कोई इमेज (JPEG, PNG, WebP), वीडियो (MP4, MOV) या PDF अपलोड करें',
  'File is too large: the limit is {mb} MB': 'फ़ाइल बहुत बड़ी है: सीमा {mb} MB है',
  'The file is empty': 'फ़ाइल खाली है',
  'Upload one file per request': 'एक बार में एक ही फ़ाइल अपलोड करें',
  'Choose a file to upload: the form field "file" is missing':
    'अपलोड करने के लिए फ़ाइल चुनें: फ़ॉर्म में "file" फ़ील्ड नहीं है',
  'The upload was incomplete or malformed, try again': 'अपलोड अधूरा या खराब था, फिर कोशिश करें',
  'The image could not be read': 'इमेज पढ़ी नहीं जा सकी',
  'The video could not be read: upload an MP4 or MOV file': 'वीडियो पढ़ा नहीं जा सका: MP4 या MOV फ़ाइल अपलोड करें',
  'The image has too many pixels: the limit is {megapixels} megapixels':
    'इमेज में बहुत ज़्यादा पिक्सेल हैं: सीमा {megapixels} मेगापिक्सेल है',
  'The PDF is password-protected: save it without a password and upload it again':
    'PDF पासवर्ड से सुरक्षित है: उसे बिना पासवर्ड के सेव करके फिर से अपलोड करें',
  'Upload limit reached for today: log in to upload more':
    'आज की अपलोड सीमा पूरी हो गई: और अपलोड करने के लिए लॉग इन करें',
  'File storage is unavailable, try again': 'फ़ाइलें अभी सहेजी नहीं जा सकतीं, फिर कोशिश करें',
  'Upload the file again': 'फ़ाइल फिर से अपलोड करें',
  'Upload the file again: only files uploaded here can be used':
    'फ़ाइल फिर से अपलोड करें: सिर्फ़ यहीं अपलोड की गई फ़ाइलें इस्तेमाल हो सकती हैं',
};

/** Placeholders whose value is itself English text: the message stays English unless it has Hindi too. */
const TRANSLATED_PARTS = new Set(['label', 'when']);

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, string>();
const templates: Array<{ pattern: RegExp; names: string[]; hindi: string }> = [];
for (const [english, hindi] of Object.entries(HINDI_MESSAGES)) {
  const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  if (names.length === 0) {
    exact.set(english, hindi);
    continue;
  }
  const source = english
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 0 ? escape(part) : '(.+?)'))
    .join('');
  templates.push({ pattern: new RegExp(`^${source}$`, 's'), names, hindi });
}

function hindiOf(message: string, depth: number): string | undefined {
  const found = exact.get(message);
  if (found !== undefined) return found;
  if (depth > 1) return undefined;
  for (const { pattern, names, hindi } of templates) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    let complete = true;
    names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      if (!TRANSLATED_PARTS.has(name)) values[name] = value;
      else {
        const part = hindiOf(value, depth + 1);
        if (part === undefined) complete = false;
        values[name] = part ?? value;
      }
    });
    if (complete) return hindi.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  }
  return undefined;
}

/**
 * The message in the language: English as given, or its Hindi from HINDI_MESSAGES (English when
 * there is none yet, or when a part of it, such as a field's label, has none).
 */
export function translateMessage(message: string, language: Language): string {
  if (language !== 'hi') return message;
  return hindiOf(message, 0) ?? message;
}
