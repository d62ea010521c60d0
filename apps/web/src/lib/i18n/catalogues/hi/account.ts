import type { Catalogue } from '../en';

const account: Catalogue['account'] = {
  error: 'कोई गड़बड़ी हुई',

  // लॉग इन
  loginHeading: 'लॉग इन',
  adminLoginHeading: 'एडमिन लॉग इन',
  teamLoginHeading: 'टीम लॉग इन',
  loginBlocked: 'लॉग इन करने के लिए अपना ई-मेल और पासवर्ड डालें।',
  noAdminRights: 'आपके पास एडमिन अधिकार नहीं हैं!',
  noTeamRights: 'आपके पास टीम अधिकार नहीं हैं!',
  email: 'ई-मेल',
  password: 'पासवर्ड',
  loggingIn: 'लॉग इन हो रहा है…',
  login: 'लॉग इन',
  forgotPasswordLink: 'पासवर्ड भूल गए?',
  closedBeforeCode: 'आवेदन किया था, पर कोड डालने से पहले पेज बंद हो गया?',
  verifyYourEmail: 'अपना ई-मेल सत्यापित करें',
  enterAppliedEmail: 'पहले ऊपर वह ई-मेल डालें जिससे आपने आवेदन किया था।',
  resumeIntro:
    'अगर आपने {contact} से आवेदन किया था, तो वहाँ भेजा गया 6 अंकों का कोड डालें, या नया कोड मँगाएँ। फिर आपका पासवर्ड भी वहीं भेजा जाएगा।',
  resumeIntroNoContact:
    'अगर आपने ऊपर लिखे ई-मेल से आवेदन किया था, तो वहाँ भेजा गया 6 अंकों का कोड डालें, या नया कोड मँगाएँ। फिर आपका पासवर्ड भी वहीं भेजा जाएगा।',
  verificationCode: 'सत्यापन कोड',
  verify: 'सत्यापित करें',
  passwordSent:
    'आपका ई-मेल सत्यापित हो गया है। हमने आपका एक बार वाला पासवर्ड {sentTo} पर भेजा है: {days} दिनों के अंदर इससे लॉग इन करें, फिर अपना पासवर्ड चुनें।',

  // पासवर्ड बदलना और नया बनाना
  passwordsDoNotMatch: 'दोनों पासवर्ड एक जैसे नहीं हैं',
  passwordNotDifferent: 'मौजूदा पासवर्ड से अलग कोई पासवर्ड चुनें',
  passwordChanged: 'आपका पासवर्ड बदल गया है',
  changePasswordTitle: 'पासवर्ड बदलें | Revuhub',
  changePassword: 'पासवर्ड बदलें',
  chooseNewPasswordFirst: 'आगे बढ़ने से पहले कृपया नया पासवर्ड चुनें।',
  currentPassword: 'मौजूदा पासवर्ड',
  newPassword: 'नया पासवर्ड',
  newPasswordHint: 'कम से कम 8 अक्षर; आम पासवर्ड न चुनें।',
  confirmNewPassword: 'नया पासवर्ड दोबारा डालें',
  changingPassword: 'पासवर्ड बदला जा रहा है…',
  forgotPasswordTitle: 'पासवर्ड भूल गए | Revuhub',
  forgotPassword: 'पासवर्ड भूल गए',
  passwordResetDone: 'आपका पासवर्ड बदल गया है। जिन भी डिवाइस पर लॉग इन था, उन सब से लॉग आउट कर दिया गया है।',
  goToLogin: 'लॉग इन पर जाएँ',
  useAnotherEmail: 'दूसरा ई-मेल इस्तेमाल करें',
  forgotIntro: 'अपने खाते का ई-मेल या मोबाइल नंबर डालें। हम उसके सत्यापित संपर्क पर एक कोड भेजेंगे।',
  neverEnteredCode: 'आवेदन किया था, पर ई-मेल से भेजा कोड कभी नहीं डाला? तो अभी आपका कोई पासवर्ड नहीं है: {link}।',
  verifyOnLoginPage: 'लॉग इन पेज पर अपना ई-मेल सत्यापित करें',
  emailOrMobile: 'ई-मेल या मोबाइल',
  sendCode: 'कोड भेजें',
  code: 'कोड',
  setNewPassword: 'नया पासवर्ड सेट करें',
};
export default account;
