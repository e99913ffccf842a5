" :make runs pushlint on the current directory and fills the quickfix list.
" Columns count bytes, as vim's %c does, so multi-byte text before a finding
" does not move the cursor off it. Other lines (the summary on standard
" error, which :make reads too) are left out of the list.
set makeprg=pushlint\ --format\ text\ --column-unit\ bytes
set errorformat=%f:%l:%c:\ %trror:\ %m,%f:%l:%c:\ %tarning:\ %m,%f:%l:%c:\ %tote:\ %m,%-G%.%#
