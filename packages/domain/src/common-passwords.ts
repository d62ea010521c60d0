// The most used passwords of public breach corpora that are 8+ characters long (shorter ones
// already fail the length rule). Checked case-insensitively.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000', '88888888',
  '87654321', '987654321', '0987654321', '11223344', '12341234', '147258369', '123321123', '99999999',
  '66666666', '55555555', '22222222', '12121212', '69696969', '20202020', '1q2w3e4r', '1q2w3e4r5t',
  '1qaz2wsx', '1qazxsw2', 'zaq12wsx', 'qwertyui', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm1', 'qwerty123',
  'qwerty12', 'qwerty1234', 'asdf1234', 'password', 'password1', 'password12', 'password123', 'passw0rd',
  'p@ssw0rd', 'p@ssword', 'pass@123', 'password@123', 'admin123', 'admin1234', 'admin@123', 'administrator',
  'welcome1', 'welcome123', 'welcome@123', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football',
  'baseball', 'superman', 'batman123', 'starwars', 'whatever', 'trustno1', 'letmein1', 'letmein123',
  'changeme', 'computer', 'michelle', 'jennifer', 'corvette', 'mercedes', 'internet', 'shadow123',
  'master123', 'monkey123', 'dragon123', 'abc12345', 'abcd1234', 'abcdefgh', 'abcdef123', 'aa123456',
  'a1234567', 'a12345678', 'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'zxcvbnm123', 'india123', 'india@123',
  'bharat123', 'mumbai123', 'bangalore', 'bangalore123', 'delhi123', 'krishna123', 'ganesh123',
  'sairam123', 'omsairam', 'jaishriram', 'hanuman123', 'cricket1', 'cricket123', 'sachin123', 'dhoni007',
  'chennai123', 'kolkata123', 'hyderabad', 'test1234', 'testing123', 'test@123', 'default1', 'secret123',
  'loveyou1', 'lovely123', 'iloveindia', 'asdfasdf', 'asdfghjk', 'zxcvbnma', 'qweasdzxc', 'pokemon1',
  'minecraft', 'samsung123', 'nokia1234', 'google123', 'facebook', 'instagram', 'whatsapp', 'linkedin',
  'football1', 'baseball1', 'liverpool', 'chelsea1', 'arsenal1', 'manchester', 'michael1', 'jordan23',
  'charlie1', 'access14', 'mustang1', 'freedom1', 'ashley12', 'hello123', 'hello1234', 'helloworld',
  'welcome2', 'summer2024', 'summer2025', 'winter2025', 'spring2026', 'autumn2026', 'password2026',
  'password2025', 'password2024', 'pa55word', 'pa$$word', 'passpass', 'money123', 'secure123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
