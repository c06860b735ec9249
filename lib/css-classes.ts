/**
 * A CSS module's class names by rule name (`{ panel: 'GpDXNq_panel', … }`), handed by a server
 * component to a client island as a prop (issue #30, first-visit JS). A client module that imports
 * a CSS module puts the whole class map into the JavaScript of every page that loads it; from the
 * server it travels only in the RSC payload of the page that renders the island, and the styles
 * are inlined with the page as for any CSS module the server imports.
 */
export type CssClasses = Readonly<Record<string, string>>;
