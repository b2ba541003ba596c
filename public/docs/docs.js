// Renders this server's OpenAPI document (its URL is on <body data-spec>) with the bundled Swagger UI.
window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: document.body.dataset.spec,
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    validatorUrl: null, // the default badge would call validator.swagger.io
  });
});
