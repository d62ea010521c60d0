export default function PrivacyPolicyPage() {
  return (
    <article className="page">
      <title>Privacy Policy | Revuhub</title>
      <h1>Privacy Policy</h1>
      <p>Last updated: 22 November 2022</p>
      {/* The legal text is supplied by the business; the spec does not reproduce it. */}
      <p>The full privacy policy will be published here.</p>
    </article>
  );
}
