import { MESSAGES, TOAST_MESSAGES } from '@app/domain';

/** Sign-up, login, the account, password and contact changes, referral, outbox, privacy and legal pages. */
export default {
  error: TOAST_MESSAGES.error,

  // Login (spec sections 2, 5 and 6)
  loginHeading: 'Login',
  adminLoginHeading: 'Admin Login',
  teamLoginHeading: 'Team Login',
  loginBlocked: 'Enter your e-mail and password to log in.',
  noAdminRights: MESSAGES.noAdminRights,
  noTeamRights: MESSAGES.noTeamRights,
  email: 'E-mail',
  password: 'Password',
  loggingIn: 'Logging in…',
  login: 'Login',
  forgotPasswordLink: 'Forgot password?',
  closedBeforeCode: 'Applied but closed the page before entering the code?',
  verifyYourEmail: 'Verify your e-mail',
  enterAppliedEmail: 'Enter the e-mail you applied with above first.',
  resumeIntro:
    'If you applied with {contact}, enter the 6-digit code we sent there, or send a new one. Your password then goes to the same place.',
  resumeIntroNoContact:
    'If you applied with the e-mail above, enter the 6-digit code we sent there, or send a new one. Your password then goes to the same place.',
  verificationCode: 'Verification code',
  verify: 'Verify',
  passwordSent:
    'Your e-mail is verified. We sent your one-time password to {sentTo}: log in with it within {days} days, then choose your own.',

  // Changing and resetting the password
  passwordsDoNotMatch: 'The passwords do not match',
  passwordNotDifferent: 'Choose a password different from the current one',
  passwordChanged: 'Your password has been changed',
  changePasswordTitle: 'Change password | Revuhub',
  changePassword: 'Change password',
  chooseNewPasswordFirst: 'Please choose a new password before you continue.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters; avoid common passwords.',
  confirmNewPassword: 'Confirm new password',
  changingPassword: 'Changing password…',
  forgotPasswordTitle: 'Forgot password | Revuhub',
  forgotPassword: 'Forgot password',
  passwordResetDone: 'Your password has been changed. Every device that was logged in has been logged out.',
  goToLogin: 'Go to login',
  useAnotherEmail: 'Use another e-mail',
  forgotIntro:
    'Enter the e-mail or mobile number of your account. We will send a code to its verified contact.',
  neverEnteredCode: 'Applied but never entered the code we e-mailed? You have no password yet: {link}.',
  verifyOnLoginPage: 'verify your e-mail on the login page',
  emailOrMobile: 'E-mail or mobile',
  sendCode: 'Send code',
  code: 'Code',
  setNewPassword: 'Set new password',
};
