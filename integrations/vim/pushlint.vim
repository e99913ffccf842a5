" :make runs pushlint on the current directory and fills the quickfix list.
set makeprg=pushlint\ --format\ text
set errorformat=%f:%l:%c:\ %trror:\ %m,%f:%l:%c:\ %tarning:\ %m,%f:%l:%c:\ %tote:\ %m
