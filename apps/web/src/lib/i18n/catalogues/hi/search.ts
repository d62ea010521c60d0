import type { Catalogue } from '../en';

const search: Catalogue['search'] = {
  title: 'खोज',
  resultsFor: '“{q}” के नतीजे',
  kindFor: '“{q}” के लिए {kind}',
  resultsForm: 'नतीजे',
  searchWords: 'खोज के शब्द',
  search: 'खोजें',
  allResultsFor: '“{q}” के सभी नतीजे',
  hint: 'किसी समीक्षा, सवाल, उत्पाद, ब्रांड या स्टोर का कोई शब्द लिखें।',
  searching: 'खोज रहे हैं…',
  couldNotSearch: 'खोज नहीं हो सकी',
  noResults: 'कोई नतीजा नहीं मिला!',
  kindPosts: 'पोस्ट',
  kindQueries: 'सवाल',
  kindProducts: 'उत्पाद',
  kindStores: 'स्टोर',
  morePosts: 'और पोस्ट',
  moreQueries: 'और सवाल',
  moreProducts: 'और उत्पाद',
  moreStores: 'और स्टोर',
  pages: 'पेज',
  previousPage: 'पिछला पेज',
  nextPage: 'अगला पेज',
};
export default search;
