import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default. `npm test` runs these tests beside the browser
// journeys on two cores (load average up to 16), where a form's answer can take longer than that to
// show although nothing is wrong. What never shows still fails, 10 s later.
configure({ asyncUtilTimeout: 10_000 });
