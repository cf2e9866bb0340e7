/** Short notices after an action: Brazilian Portuguese, the reference every locale matches key for key. */
const notices = {
  changesSaved: 'Alterações salvas',
  uploadCancelled: 'Envio cancelado',
} as const;

export default notices;
