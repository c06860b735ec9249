/** The hello-world floor (issue #30): the least a Next.js 16 page costs. */
export default function Home() {
  return (
    <main>
      <h1>Привет, мир</h1>
    </main>
  );
}
