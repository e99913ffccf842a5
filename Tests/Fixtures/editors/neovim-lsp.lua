-- Headless Neovim (0.7 and later) as pushlint's language client: opens a payload,
-- waits for diagnostics, applies a quick fix, and writes what it saw to $OUT.
local pushlint, root, out = os.getenv("PUSHLINT"), os.getenv("WORKSPACE"), os.getenv("OUT")
local lines = {}
local id = vim.lsp.start_client({ cmd = { pushlint, "lsp" }, root_dir = root, name = "pushlint" })
vim.cmd("edit " .. root .. "/push.json")
vim.lsp.buf_attach_client(0, id)
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, diagnostic in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, "diagnostic " .. diagnostic.lnum .. ":" .. diagnostic.col .. " " .. tostring(diagnostic.code))
end
vim.api.nvim_win_set_cursor(0, { 1, 34 })
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = {}, only = { "quickfix" } }
local answers = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 5000) or {}
for _, answer in pairs(answers) do
  for _, action in ipairs(answer.result or {}) do
    table.insert(lines, "action " .. action.title)
    vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
    break
  end
end
table.insert(lines, "text " .. vim.api.nvim_buf_get_lines(0, 0, 1, false)[1])
vim.wait(10000, function() return #vim.diagnostic.get(0) == 0 end, 50)
table.insert(lines, "diagnostics after " .. #vim.diagnostic.get(0))
vim.fn.writefile(lines, out)
vim.cmd("qa!")
