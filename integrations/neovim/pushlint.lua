-- pushlint's language server in Neovim 0.7 or later, with the built-in
-- client: diagnostics as you type, quick fixes (vim.lsp.buf.code_action),
-- hover and completion in JSON, YAML and plist files. Put it in init.lua
-- (or `luafile` it); `pushlint` must be on PATH.
local client_id
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "json", "jsonc", "yaml", "xml" },
  callback = function(args)
    client_id = client_id
      or vim.lsp.start_client({ name = "pushlint", cmd = { "pushlint", "lsp" }, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})
