import { z } from 'zod';

// Friendlier default messages for both the forms and the API: users see "Required",
// not "Invalid input: expected string, received undefined".
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined || issue.input === null) return 'Required';
      return `Must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field ${issue.keys.join(', ')}`;
    return undefined;
  },
});

export { z };
