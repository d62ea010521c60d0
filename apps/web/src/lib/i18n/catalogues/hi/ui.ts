import type { Catalogue } from '../en';

const ui: Catalogue['ui'] = {
  loading: 'लोड हो रहा है',
  loadingEllipsis: 'लोड हो रहा है…',
  somethingWrong: 'कुछ गड़बड़ हो गई',
  tryAgain: 'फिर से कोशिश करें',
  submit: 'भेजें',
  submitting: 'भेज रहे हैं…',
  correctFollowing: 'कृपया इन्हें ठीक करें',
  searching: 'खोज रहे हैं…',
  noMatches: 'कुछ नहीं मिला',
  newCodeSent: 'नया कोड {to} पर भेजा गया।',
  codeFromMessage: 'संदेश में आया कोड',
  confirm: 'पुष्टि करें',
  confirmWithCode: 'कोड से पुष्टि करें',
  sendNewCode: 'नया कोड भेजें',
  notice: 'सूचना',
  pleaseConfirm: 'कृपया पुष्टि करें',
  ok: 'ठीक है',
  clear: 'हटाएँ',
  chosenAs: '{label}: ',
  cancel: 'रद्द करें',
};
export default ui;
